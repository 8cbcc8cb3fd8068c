import {useCallback, useEffect, useId, useRef, useState} from 'react'
import './MobileMenu.css'

export interface MobileMenuItem {
  label: string
  href: string
}

interface Props {
  /** The accessible name of the toggle, e.g. "Menu". */
  toggleLabel: string
  items: MobileMenuItem[]
  bookAppointment: MobileMenuItem
  login: MobileMenuItem
}

/**
 * The header menu on phones: a disclosure button and a panel of links. While open, Tab stays
 * within the menu; Escape closes it and returns focus to the toggle; choosing a link, tapping
 * outside or widening the window (the header then hides the menu for its own buttons) closes it.
 */
export default function MobileMenu({toggleLabel, items, bookAppointment, login}: Props) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) toggleRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return close(true)
      // While the menu covers the page, Tab cycles through the toggle and the menu's links.
      if (event.key !== 'Tab' || !rootRef.current) return
      const focusable = [...rootRef.current.querySelectorAll<HTMLElement>('button, a[href]')]
      const first = focusable[0]
      const last = focusable.at(-1)
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false)
    }
    // The header's CSS hides the menu on wide screens; its size then drops to nothing.
    const hidden = new ResizeObserver(() => {
      if (!rootRef.current?.getClientRects().length) close(false)
    })
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    if (rootRef.current) hidden.observe(rootRef.current)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
      hidden.disconnect()
    }
  }, [open, close])

  const choose = () => close(false)

  return (
    <div className="mobile-menu" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="mobile-menu__toggle"
        aria-label={toggleLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      {/* Covers the page below the header while the menu is open: a tap there only closes the
          menu, and no link is left half hidden under the panel's edge (WCAG 2.5.8). */}
      {open ? <div className="mobile-menu__scrim" aria-hidden="true" onClick={() => close(false)} /> : null}
      <div id={panelId} className="mobile-menu__panel" hidden={!open}>
        <ul className="mobile-menu__list">
          {items.map((item) => (
            <li key={item.href}>
              <a className="mobile-menu__link" href={item.href} onClick={choose}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="mobile-menu__actions">
          <a className="button" href={bookAppointment.href} onClick={choose}>
            {bookAppointment.label}
          </a>
          <a className="button button--ghost" href={login.href} onClick={choose}>
            {login.label}
          </a>
        </div>
      </div>
    </div>
  )
}
