// What a model is sent from outside (captions, titles, questions, notes written from captions) goes inside a
// delimited block. Every `<` in that text is shown as a look-alike bracket, and nothing is decoded, so no written
// form of a delimiter (spaced, with invisible characters, full-width, as entities) can close its block or open
// another.
const ANGLE_BRACKET = /</g;

export type BlockName = 'transcript' | 'question' | 'notes' | 'lectures';

export function neutralised(text: string): string {
  return text.replace(ANGLE_BRACKET, '‹');
}

/** The text between `<name>` and `</name>`, unable to end its block early. */
export function quotedBlock(name: BlockName, text: string): string {
  return `<${name}>\n${neutralised(text)}\n</${name}>`;
}
