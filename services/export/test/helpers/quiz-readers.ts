import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse, type GIFTQuestion, type TextChoice } from 'gift-pegjs';

// The quiz exports read by parsers Lectern did not write: GIFT by gift-pegjs (the grammar of Moodle's format),
// Moodle XML by fast-xml-parser, strict about well-formedness.

/** A GIFT question with options (multiple choice) or accepted answers (short answer). */
export type GiftQuestionWithChoices = Extract<GIFTQuestion, { choices: TextChoice[] }>;

export function readGift(file: string): GIFTQuestion[] {
  return parse(file);
}

export function withChoices(question: GIFTQuestion | undefined): GiftQuestionWithChoices {
  if (question?.type !== 'MC' && question?.type !== 'Short')
    throw new Error(`not a choice: ${question?.type}`);
  return question;
}

interface MoodleText {
  text: string;
}
interface MoodleFormatted extends MoodleText {
  '@_format': string;
}
export interface MoodleAnswer extends MoodleFormatted {
  '@_fraction': string;
  feedback: MoodleFormatted;
}
/** A `<question>` as Moodle's importer reads it, every value as its text. */
export interface MoodleQuestion {
  '@_type': string;
  name: MoodleText;
  questiontext: MoodleFormatted;
  generalfeedback: MoodleFormatted;
  defaultgrade: string;
  single?: string;
  shuffleanswers?: string;
  answernumbering?: string;
  usecase?: string;
  answer: MoodleAnswer[];
}

/** The questions of a Moodle XML file; throws when it is not well-formed XML. */
export function readMoodleXml(xml: string): MoodleQuestion[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'question' || name === 'answer',
    parseTagValue: false,
  }).parse(xml) as { quiz: { question: MoodleQuestion[] } };
  return parsed.quiz.question;
}
