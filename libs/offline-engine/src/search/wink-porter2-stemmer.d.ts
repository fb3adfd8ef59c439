// The package ships no types: it exports one function from a word to its Porter2 stem.
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
