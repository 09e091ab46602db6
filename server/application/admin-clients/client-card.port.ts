/** What the client card's writes need from the database (issue 25, item 9). */
export interface ClientContactsRecord {
  readonly name: string | null;
  /** E.164 as stored, or null. */
  readonly phone: string | null;
  /** Lower-cased, trimmed: the sign-in e-mail. */
  readonly email: string;
}

export interface ClientNotesRecord {
  readonly notes: string;
  readonly tags: readonly string[];
}

export interface ClientCardRepository {
  /** A client's (role 'user') contacts; null when there is no such client. */
  contactsOf(clientId: number): Promise<ClientContactsRecord | null>;
  /** `email_taken` when another account already signs in with that e-mail (the unique index decides). */
  changeContacts(
    clientId: number,
    contacts: ClientContactsRecord,
  ): Promise<'changed' | 'not_found' | 'email_taken'>;
  /** Empty notes and no tags for a client nobody wrote about yet; null when there is no such client. */
  notesOf(clientId: number): Promise<ClientNotesRecord | null>;
  changeNotes(clientId: number, notes: ClientNotesRecord, adminId: number): Promise<void>;
}
