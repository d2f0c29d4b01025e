/** A state the mongosh export cannot write faithfully; the share dialog shows the message. */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}
