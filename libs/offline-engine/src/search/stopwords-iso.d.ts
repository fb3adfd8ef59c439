// The package ships no types: a JSON object of stop word lists by ISO 639-1 language code.
declare module 'stopwords-iso' {
  const stopwords: Record<string, string[] | undefined>;
  export = stopwords;
}
