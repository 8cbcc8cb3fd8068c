import {chmodSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {DatabaseSync} from 'node:sqlite'
import {makeFolders} from '../lib/folders.ts'
import type {StoreOpener} from './recoveringStore.ts'
import type {ConsentBoxRecord} from '../../model/contactForm.ts'
import {
  isFrom,
  MAILS,
  type Mail,
  type MessageRecord,
  type MessageStore,
  type NotificationState,
  referenceOf,
  type Sender,
} from './store.ts'

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS contact_messages (
    id TEXT PRIMARY KEY,
    received_at TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    -- The consent: the page's language, when it was given, the Privacy Policy version's date, one
    -- entry per box the page showed ({box, wording, ticked}, as JSON), and the notice it printed.
    consent_language TEXT NOT NULL,
    consent_given_at TEXT NOT NULL,
    consent_privacy_policy_updated TEXT NOT NULL,
    consent_boxes TEXT NOT NULL,
    consent_notice TEXT NOT NULL,
    -- The island's name for the send and the digest of what it sent; none for a form post.
    submission_key TEXT,
    submission_digest TEXT,
    notified_at TEXT,
    notification_attempts INTEGER NOT NULL DEFAULT 0,
    last_notification_error TEXT,
    next_notification_at TEXT,
    notification_given_up_at TEXT,
    acknowledgement_owed INTEGER NOT NULL DEFAULT 0,
    acknowledged_at TEXT,
    acknowledgement_attempts INTEGER NOT NULL DEFAULT 0,
    last_acknowledgement_error TEXT,
    next_acknowledgement_at TEXT,
    acknowledgement_given_up_at TEXT,
    handled_at TEXT,
    handled_by TEXT
  );
  CREATE INDEX IF NOT EXISTS contact_messages_received ON contact_messages (received_at);
`

/**
 * A repeated send and a reference are looked up by index.
 * The health check counts the messages not handled and not e-mailed: the last index holds just
 * those, with the two columns it reads, so the count never reads a message. Over 10,000 messages,
 * 1% of them not e-mailed, a count took 6.5 ms without it and 0.015 ms with it (2 ms when none
 * was e-mailed, as without SMTP_URL).
 */
const INDEXES = `
  CREATE INDEX IF NOT EXISTS contact_messages_submission ON contact_messages (submission_key);
  CREATE INDEX IF NOT EXISTS contact_messages_reference ON contact_messages (upper(substr(id, 1, 8)));
  CREATE INDEX IF NOT EXISTS contact_messages_unseen
    ON contact_messages (notification_given_up_at, received_at)
    WHERE handled_at IS NULL AND notified_at IS NULL;
`

/** Each e-mail's state columns, and which messages owe it. */
const MAIL_COLUMNS = {
  notification: {
    owed: '1',
    sentAt: 'notified_at',
    attempts: 'notification_attempts',
    lastError: 'last_notification_error',
    nextAttemptAt: 'next_notification_at',
    gaveUpAt: 'notification_given_up_at',
  },
  acknowledgement: {
    owed: 'acknowledgement_owed = 1',
    sentAt: 'acknowledged_at',
    attempts: 'acknowledgement_attempts',
    lastError: 'last_acknowledgement_error',
    nextAttemptAt: 'next_acknowledgement_at',
    gaveUpAt: 'acknowledgement_given_up_at',
  },
} as const satisfies Record<Mail, Record<string, string>>

/** A row of the contact_messages table, as SQLite gives it back (and the tests read it). */
export interface MessageRow {
  id: string
  received_at: string
  name: string
  email: string
  phone: string
  subject: string
  message: string
  notified_at: string | null
  notification_attempts: number
  last_notification_error: string | null
  consent_language: string
  consent_given_at: string
  consent_privacy_policy_updated: string
  consent_boxes: string
  consent_notice: string
  submission_key: string | null
  submission_digest: string | null
  next_notification_at: string | null
  notification_given_up_at: string | null
  acknowledgement_owed: number
  acknowledged_at: string | null
  acknowledgement_attempts: number
  last_acknowledgement_error: string | null
  next_acknowledgement_at: string | null
  acknowledgement_given_up_at: string | null
  handled_at: string | null
  handled_by: string | null
}

function mailState(row: MessageRow, mail: Mail): NotificationState {
  const c = MAIL_COLUMNS[mail]
  const [notifiedAt, lastError, nextAttemptAt, gaveUpAt] = [
    c.sentAt,
    c.lastError,
    c.nextAttemptAt,
    c.gaveUpAt,
  ].map((column) => row[column])
  return {
    attempts: row[c.attempts],
    ...(notifiedAt ? {notifiedAt} : {}),
    ...(lastError ? {lastError} : {}),
    ...(nextAttemptAt ? {nextAttemptAt} : {}),
    ...(gaveUpAt ? {gaveUpAt} : {}),
  }
}

const fromRow = (row: MessageRow): MessageRecord => ({
  id: row.id,
  receivedAt: row.received_at,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  consent: {
    language: row.consent_language,
    givenAt: row.consent_given_at,
    privacyPolicyUpdated: row.consent_privacy_policy_updated,
    notice: row.consent_notice,
    boxes: JSON.parse(row.consent_boxes) as ConsentBoxRecord[],
  },
  ...(row.submission_key && row.submission_digest
    ? {submission: {key: row.submission_key, digest: row.submission_digest}}
    : {}),
  notification: mailState(row, 'notification'),
  ...(row.acknowledgement_owed === 1 ? {acknowledgement: mailState(row, 'acknowledgement')} : {}),
  ...(row.handled_at ? {handledAt: row.handled_at} : {}),
  ...(row.handled_by ? {handledBy: row.handled_by} : {}),
})

const describeFile = (path: string) => `SQLite file ${resolve(path)}`

/**
 * SQLite's result codes (the low byte of node:sqlite's `errcode`) that say the connection itself
 * is spent: the file went read-only or was moved (READONLY), the disk failed (IOERR), the file is
 * damaged or is not a database (CORRUPT, NOTADB), or it cannot be opened (CANTOPEN). Opening the
 * file again is then the only way back, and picks up a file staff repaired or restored. A full
 * disk or a busy file is not among them: the connection is still good.
 */
const SPENT_CONNECTION = new Set([8, 10, 11, 14, 26])

/** The SQLite store as the server opens it: again, after a failure, until it opens (recoveringStore.ts). */
export function sqliteStoreOpener(path: string): StoreOpener {
  return {
    description: describeFile(path),
    open: () => sqliteMessageStore(path),
    advice:
      "Check that the server's user can create the folder and write in it, and that the file is a SQLite database. The server never deletes a damaged file: move it aside or restore it from a backup.",
    isBroken(error) {
      const {code, errcode} = (error ?? {}) as {code?: unknown; errcode?: unknown}
      return (
        code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && SPENT_CONNECTION.has(errcode & 0xff)
      )
    },
  }
}

/** Opens the file, with its settings and its table; a file that fails any step is let go. */
function openDatabase(file: string): DatabaseSync {
  const db = new DatabaseSync(file)
  try {
    chmodSync(file, 0o600)
    // secure_delete overwrites a deleted message's text, so an erased or expired message is gone
    // from the file, not just unlinked; the WAL is truncated after each deletion for the same reason.
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;',
    )
    db.exec(SCHEMA)
    db.exec(INDEXES)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * The embedded store: one SQLite file, created on first start. WAL with synchronous=FULL means
 * a message is on disk when `save` returns, and readers never block the writer.
 */
export function sqliteMessageStore(path: string): MessageStore {
  const file = resolve(path)
  // Visitors' messages: readable by the server's user only.
  makeFolders(dirname(file), 0o700)
  const db = openDatabase(file)

  const insert = db.prepare(`
    INSERT INTO contact_messages (id, received_at, name, email, phone, subject, message,
      consent_given_at, consent_privacy_policy_updated, consent_boxes, consent_notice,
      consent_language, acknowledgement_owed, submission_key, submission_digest)
    VALUES (:id, :receivedAt, :name, :email, :phone, :subject, :message,
      :consentGivenAt, :consentPrivacyPolicyUpdated, :consentBoxes, :consentNotice,
      :consentLanguage, :acknowledgementOwed, :submissionKey, :submissionDigest)
    ON CONFLICT (id) DO NOTHING`)
  // The message a new one would repeat (same submission key) or clash with (same id or reference).
  const clash = db.prepare(`
    SELECT id, submission_key, submission_digest FROM contact_messages
    WHERE submission_key = :key OR id = :id OR upper(substr(id, 1, 8)) = :reference
    ORDER BY submission_key IS :key DESC LIMIT 1`)
  // Column names come from MAIL_COLUMNS above, never from a request.
  const statements = Object.fromEntries(
    MAILS.map((mail) => {
      const c = MAIL_COLUMNS[mail]
      return [
        mail,
        {
          due: db.prepare(`
            SELECT * FROM contact_messages
            WHERE ${c.owed} AND ${c.sentAt} IS NULL AND ${c.gaveUpAt} IS NULL
              AND (${c.nextAttemptAt} IS NULL OR ${c.nextAttemptAt} <= :now)
            ORDER BY received_at LIMIT :limit`),
          sent: db.prepare(`UPDATE contact_messages SET ${c.sentAt} = :at WHERE id = :id`),
          refused: db.prepare(`
            UPDATE contact_messages
            SET ${c.attempts} = ${c.attempts} + 1, ${c.lastError} = :error,
              ${c.nextAttemptAt} = :nextAttemptAt, ${c.gaveUpAt} = :gaveUpAt
            WHERE id = :id`),
        },
      ]
    }),
  ) as Record<Mail, Record<'due' | 'sent' | 'refused', ReturnType<DatabaseSync['prepare']>>>
  const expired = db.prepare('DELETE FROM contact_messages WHERE received_at < :cutoff')
  // Matched in JavaScript, not SQL: SQLite's lower() folds only A to Z, and phones match on digits.
  const all = db.prepare('SELECT * FROM contact_messages ORDER BY received_at')
  const erase = db.prepare('DELETE FROM contact_messages WHERE id = :id')
  const since = db.prepare('SELECT * FROM contact_messages WHERE received_at >= :since ORDER BY received_at')
  // Ids are stored in lower case; a reference is their first eight characters in capitals.
  const byReference = db.prepare(
    'SELECT * FROM contact_messages WHERE upper(substr(id, 1, 8)) = :reference ORDER BY received_at',
  )
  const handled = db.prepare('UPDATE contact_messages SET handled_at = :at, handled_by = :by WHERE id = :id')
  const n = MAIL_COLUMNS.notification
  const unseen = db.prepare(`
    SELECT
      count(*) FILTER (WHERE ${n.gaveUpAt} IS NOT NULL) AS emailGivenUp,
      count(*) FILTER (WHERE ${n.gaveUpAt} IS NULL AND received_at < :waitingSince) AS emailWaiting
    FROM contact_messages INDEXED BY contact_messages_unseen
    WHERE handled_at IS NULL AND ${n.sentAt} IS NULL`)

  const findFrom = (sender: Sender) =>
    (all.all() as unknown as MessageRow[]).map(fromRow).filter((m) => isFrom(m, sender))

  return {
    description: describeFile(file),
    async save({consent, submission, ...message}, {acknowledge} = {acknowledge: false}) {
      // Looked up and inserted with nothing awaited between: no other save can come in between.
      const found = clash.get({
        key: submission?.key ?? null,
        id: message.id,
        reference: referenceOf(message.id),
      }) as Pick<MessageRow, 'id' | 'submission_key' | 'submission_digest'> | undefined
      if (found)
        return {
          stored: false,
          existing: {
            id: found.id,
            ...(found.submission_key && found.submission_digest
              ? {submission: {key: found.submission_key, digest: found.submission_digest}}
              : {}),
          },
        }
      const {changes} = insert.run({
        ...message,
        submissionKey: submission?.key ?? null,
        submissionDigest: submission?.digest ?? null,
        consentGivenAt: consent.givenAt,
        consentPrivacyPolicyUpdated: consent.privacyPolicyUpdated,
        consentBoxes: JSON.stringify(consent.boxes.map(({box, wording, ticked}) => ({box, wording, ticked}))),
        consentLanguage: consent.language,
        consentNotice: consent.notice,
        acknowledgementOwed: acknowledge ? 1 : 0,
      })
      if (Number(changes) !== 1) throw new Error(`Message ${message.id} was not stored.`)
      return {stored: true}
    },
    async dueFor(mail, now, limit) {
      return (statements[mail].due.all({now, limit}) as unknown as MessageRow[]).map(fromRow)
    },
    async markSent(mail, id, at) {
      statements[mail].sent.run({id, at})
    },
    async recordRefusal(mail, id, {error, nextAttemptAt, gaveUpAt}) {
      statements[mail].refused.run({
        id,
        error: error.slice(0, 500),
        nextAttemptAt: nextAttemptAt ?? null,
        gaveUpAt: gaveUpAt ?? null,
      })
    },
    async deleteReceivedBefore(cutoff) {
      const deleted = Number(expired.run({cutoff}).changes)
      if (deleted > 0) db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
      return deleted
    },
    async findFrom(sender) {
      return findFrom(sender)
    },
    async deleteFrom(sender) {
      const messages = findFrom(sender)
      db.exec('BEGIN')
      try {
        for (const {id} of messages) erase.run({id})
        db.exec('COMMIT')
        if (messages.length > 0) db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
      } catch (error) {
        db.exec('ROLLBACK')
        throw error
      }
      return messages.length
    },
    async listSince(sinceDate) {
      return (since.all({since: sinceDate}) as unknown as MessageRow[]).map(fromRow)
    },
    async findByReference(reference) {
      return (byReference.all({reference: reference.toUpperCase()}) as unknown as MessageRow[]).map(fromRow)
    },
    async setHandled(id, to) {
      handled.run({id, at: to?.at ?? null, by: to?.by ?? null})
    },
    async countUnseen(waitingSince) {
      const counts = unseen.get({waitingSince}) as {emailGivenUp: number; emailWaiting: number}
      return {emailGivenUp: Number(counts.emailGivenUp), emailWaiting: Number(counts.emailWaiting)}
    },
    close() {
      if (db.isOpen) db.close()
    },
  }
}
