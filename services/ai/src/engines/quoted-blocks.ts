// What a model is sent from outside (captions, titles, questions, notes written from captions) goes inside a
// delimited block. A delimiter written inside that text (`</transcript>`, `<question>`) is shown with a look-alike
// bracket, so the text can never close its block or open another.
const DELIMITER = /<(\s*\/?\s*(?:transcript|question|notes)\b)/gi;

export type BlockName = 'transcript' | 'question' | 'notes';

export function neutralised(text: string): string {
  return text.replace(DELIMITER, '‹$1');
}

/** The text between `<name>` and `</name>`, unable to end its block early. */
export function quotedBlock(name: BlockName, text: string): string {
  return `<${name}>\n${neutralised(text)}\n</${name}>`;
}
