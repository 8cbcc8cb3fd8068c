/**
 * Figures and Company fact periods in a translation read in its language: "12 महीने", never
 * "12 months" in a Hindi sentence. A language's words for the units of figures are part of its Site settings translation;
 * a translated text that quotes a figure whose unit has no words in its language is not shown (its
 * page shows English, marked so), and the build and Studio name the words it lacks.
 */
import {figureWordsIn, figureWordsNeeded, type FigureWordKey, type FigureWords} from './policyFigures.ts'
import {factWordsNeeded, type CompanyFactsDocument} from './companyFacts.ts'
import {quotedKeys} from './policyVersions.ts'
import {reviewAllowsShowing, type TranslationRecord} from './translations.ts'

/** What a Site settings translation holds that matters here. */
export interface SettingsTranslation {
  translation?: TranslationRecord | null
  figureWords?: Partial<Record<string, string | null>> | null
}

/**
 * A language's words for the units of figures: its Site settings translation's, once its review
 * lets this build show it. They translate words fixed in the model, not the English document, so a
 * change to the English Site settings leaves them in use.
 */
export function languageFigureWords(
  settings: SettingsTranslation | undefined,
  {publicBuild}: {publicBuild: boolean},
): {words: FigureWords; missing: FigureWordKey[]; usable: boolean} {
  const usable = Boolean(settings) && reviewAllowsShowing(settings!.translation, {publicBuild})
  return {...figureWordsIn(usable ? settings!.figureWords : undefined), usable}
}

/**
 * The words a translated text needs and its language lacks: the units of the figures it quotes, and
 * of the Company fact periods it quotes (with the sample mark while one is a sample).
 */
export function figureWordsLacking(
  wording: unknown,
  missing: readonly FigureWordKey[],
  facts: CompanyFactsDocument = {},
): FigureWordKey[] {
  const quoted = quotedKeys(wording)
  const needed = new Set([...figureWordsNeeded(quoted.figures), ...factWordsNeeded(facts, quoted.facts)])
  return [...needed].filter((word) => missing.includes(word))
}
