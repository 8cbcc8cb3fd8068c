import {useCallback, useEffect, useId, useLayoutEffect, useRef, useState} from 'react'
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

/** What the visitor had done with the menu before its script arrived. */
interface TakenOver {
  open: boolean
  /** Which of the menu's controls had focus (the toggle first, then the links), or -1. */
  focused: number
}

const CONTROLS = 'summary, button, a[href]'

/**
 * The header menu on phones. Until its script arrives (on the first touch, focus or key: see
 * client:touched) and without JavaScript at all, it is a `<details>` the browser opens and closes
 * by itself. Then it becomes a disclosure button and a panel of links, open if the visitor had
 * opened it, with focus where it was. While open, Tab stays within the menu; Escape closes it and
 * returns focus to the toggle; choosing a link, tapping outside or widening the window (the header
 * then hides the menu for its own buttons) closes it.
 */
export default function MobileMenu(props: Props) {
  const [takenOver, setTakenOver] = useState<TakenOver>()
  // React hydrates the server's <details> as it is, then reads what the visitor did with it. Not
  // at once: a click during hydration makes React finish it inside that click's dispatch (to
  // replay it), before the browser toggles the <details> for it. A task later, the toggle is done.
  const takeOver = useCallback((details: HTMLDetailsElement | null) => {
    if (!details) return
    const timer = setTimeout(() => {
      const controls = [...details.querySelectorAll(CONTROLS)]
      setTakenOver({open: details.open, focused: controls.indexOf(document.activeElement!)})
    })
    return () => clearTimeout(timer)
  }, [])
  return takenOver ? <Menu {...props} from={takenOver} /> : <Disclosure {...props} detailsRef={takeOver} />
}

/** The menu as the browser runs it alone: the server's HTML, and the page until the script comes. */
function Disclosure({
  toggleLabel,
  items,
  bookAppointment,
  login,
  detailsRef,
}: Props & {detailsRef: (details: HTMLDetailsElement | null) => (() => void) | undefined}) {
  return (
    <details className="mobile-menu" ref={detailsRef}>
      <summary className="mobile-menu__toggle">
        <span className="visually-hidden">{toggleLabel}</span>
        <MenuIcon open={false} />
      </summary>
      {/* Not a second navigation landmark: the header's own nav already has the name. */}
      <div className="mobile-menu__panel">
        <Entries items={items} bookAppointment={bookAppointment} login={login} />
      </div>
    </details>
  )
}

function Menu({toggleLabel, items, bookAppointment, login, from}: Props & {from: TakenOver}) {
  const [open, setOpen] = useState(from.open)
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)

  // The control the visitor was on in the <details> was replaced by its twin here: focus it.
  useLayoutEffect(() => {
    if (from.focused >= 0) rootRef.current?.querySelectorAll<HTMLElement>(CONTROLS)[from.focused]?.focus()
  }, [from])

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
        <MenuIcon open={open} />
      </button>
      {/* Covers the page below the header while the menu is open: a tap there only closes the
          menu, and no link is left half hidden under the panel's edge (WCAG 2.5.8). */}
      {open ? <div className="mobile-menu__scrim" aria-hidden="true" onClick={() => close(false)} /> : null}
      <div id={panelId} className="mobile-menu__panel" hidden={!open}>
        <Entries items={items} bookAppointment={bookAppointment} login={login} onChoose={choose} />
      </div>
    </div>
  )
}

function MenuIcon({open}: {open: boolean}) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  )
}

function Entries({
  items,
  bookAppointment,
  login,
  onChoose,
}: Pick<Props, 'items' | 'bookAppointment' | 'login'> & {onChoose?: () => void}) {
  return (
    <>
      <ul className="mobile-menu__list">
        {items.map((item) => (
          <li key={item.href}>
            <a className="mobile-menu__link" href={item.href} onClick={onChoose}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
      <div className="mobile-menu__actions">
        <a className="button" href={bookAppointment.href} onClick={onChoose}>
          {bookAppointment.label}
        </a>
        <a className="button button--ghost" href={login.href} rel="noopener" onClick={onChoose}>
          {login.label}
        </a>
      </div>
    </>
  )
}
