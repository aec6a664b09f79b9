// The app's translator: nested dictionaries per language, `{{name}}` interpolation, plural forms
// chosen by Intl.PluralRules, the fallback language for a missing text, and dictionaries added later
// (the admin area's texts). Only what the screens use; docs/decisions/0037-in-house-translator.md says
// why it replaced i18next.

/** Texts by key, nested: `t('a.b')` reads `{ a: { b: '…' } }`. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/**
 * Values for a text's `{{placeholders}}`. `count` also picks the plural form (`key_one`, `key_two`,
 * `key_few`, … beside `key`); `defaultValue` is shown when no language has the key.
 */
interface TranslateValues {
  count?: number;
  defaultValue?: string;
  [name: string]: string | number | null | undefined;
}

/** A translate function for one language, checked against the keys `K`. */
export interface Translate<K extends string> {
  (key: K, values?: TranslateValues): string;
  /** A key built at run time (a field name the server sent) must say what to show without a text. */
  (key: string, values: TranslateValues & { defaultValue: string }): string;
}

/** The plural forms Intl.PluralRules names; Arabic uses all six, English `one` and `other`. */
type PluralForm = Intl.LDMLPluralRule;

/** `images.chosen_one` | `images.chosen_other` -> `images.chosen`: the key a counted text is asked by. */
export type PluralBase<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : never;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function merge(into: Dictionary, from: Dictionary): Dictionary {
  const out: Dictionary = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/** A placeholder without a value stays as written, so the gap shows instead of hiding. */
function interpolate(text: string, values: TranslateValues | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): PluralForm {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

export interface Translator<L extends string, K extends string> {
  /** The translate function of one language; the same function until texts are added. */
  fixed(language: L): Translate<K>;
  /** Adds texts to a language (merged into what it has; a text given again replaces the old one). */
  addMessages(language: L, messages: Dictionary): void;
  /** Called after texts are added, so the screens that show them render again. */
  subscribe(listener: () => void): () => void;
}

/**
 * A language's text for a key: with a count, its plural form (`key_few`), then `key_zero` for 0,
 * then `key_other`, then the key itself; a language without it leaves the key to the fallback.
 */
function find(dictionary: Dictionary | undefined, language: string, key: string, count?: number) {
  if (typeof count === 'number') {
    const forms = [pluralForm(language, count), ...(count === 0 ? ['zero'] : []), 'other'];
    for (const form of forms) {
      const text = lookup(dictionary, `${key}_${form}`);
      if (text !== undefined) return text;
    }
  }
  return lookup(dictionary, key);
}

export function createTranslator<L extends string, K extends string>(
  messages: Record<L, Dictionary>,
  fallback: NoInfer<L>,
): Translator<L, K> {
  const dictionaries = new Map<string, Dictionary>(Object.entries<Dictionary>(messages));
  const bound = new Map<string, Translate<K>>();
  const listeners = new Set<() => void>();

  const translate = (language: string, key: string, values?: TranslateValues): string => {
    const text =
      find(dictionaries.get(language), language, key, values?.count) ??
      (language === fallback ? undefined : find(dictionaries.get(fallback), fallback, key, values?.count));
    return interpolate(text ?? values?.defaultValue ?? key, values);
  };

  return {
    fixed(language) {
      let t = bound.get(language);
      if (!t) {
        t = (key: string, values?: TranslateValues) => translate(language, key, values);
        bound.set(language, t);
      }
      return t;
    },
    addMessages(language, added) {
      dictionaries.set(language, merge(dictionaries.get(language) ?? {}, added));
      // New functions, so memoised texts built with the old ones are built again.
      bound.clear();
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
