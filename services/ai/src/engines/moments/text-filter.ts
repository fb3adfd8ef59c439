/** A filter over a model's text as it is written. */
export interface TextFilter {
  /** Takes the next piece of the model's text. */
  write: (piece: string) => void;
  /** The model has finished: whatever was held back goes out. */
  end: () => void;
}
