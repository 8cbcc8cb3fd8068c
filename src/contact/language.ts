import {DEFAULT_LANGUAGE} from '../../model/translations.ts'
import type {ContactContent, ContactWords} from './buildContent.ts'

/** The language of the page a message was sent from, and that page's words. */
export interface ContactLanguage {
  /** "hi"; "en" for the English page. */
  code: string
  /** How customer care reads its name: "Hindi". */
  englishName: string
  words: ContactWords
}

/**
 * The language a form says it was sent from, if the build being served offers it; anything else
 * (nothing, an old page, a language turned off since, a made-up code) is the English page. Never
 * a reason to refuse a message.
 */
export function contactLanguage(content: ContactContent, sent: unknown): ContactLanguage {
  const {languages} = content
  if (typeof sent === 'string' && sent !== DEFAULT_LANGUAGE && Object.hasOwn(languages, sent)) {
    const {englishName, ...words} = languages[sent]!
    return {code: sent, englishName, words}
  }
  return {code: DEFAULT_LANGUAGE, englishName: 'English', words: content}
}

/** A language's English name in the build being served; its code alone for one it no longer offers. */
export function englishNameOf(content: ContactContent, code: string): string | undefined {
  const language = contactLanguage(content, code)
  return language.code === code ? language.englishName : undefined
}
