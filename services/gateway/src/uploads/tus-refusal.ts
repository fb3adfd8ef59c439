/**
 * What a tus hook or store throws to refuse a request: @tus/server answers with its `status_code` and `body`,
 * here the JSON `{ message }` every other API answer has.
 */
export class TusRefusal extends Error {
  readonly body: string;

  constructor(
    readonly status_code: number,
    message: string,
  ) {
    super(message);
    this.body = JSON.stringify({ message });
  }
}
