import type { TFunction } from './i18n';

// Messages written in English by the shared contracts and the server, shown in the UI's language.
// The rules are added by the part of the app whose texts they use (the admin area's load with it:
// server-message-rules.ts), so a visitor's first screen does not carry them.
export type ServerMessageRule = [RegExp, (t: TFunction, match: RegExpMatchArray) => string];

const rules: ServerMessageRule[] = [];

export function addServerMessages(added: ServerMessageRule[]): void {
  rules.push(...added);
}

/** A server or contract message (written in English) in the UI language, when it is a known one. */
export function knownServerMessage(message: string, t: TFunction): string | undefined {
  for (const [pattern, text] of rules) {
    const match = message.match(pattern);
    if (match) return text(t, match);
  }
  return undefined;
}
