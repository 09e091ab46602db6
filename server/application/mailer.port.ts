/** One e-mail. `text` is the plain-text body; every message is in Russian (mail-templates.ts). */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Which template produced it — logged instead of the body, which may hold a password. */
  readonly template: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
