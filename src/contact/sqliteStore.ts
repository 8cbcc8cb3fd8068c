import {mkdirSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {DatabaseSync} from 'node:sqlite'
import type {MessageStore, StoredMessage} from './store.ts'

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS contact_messages (
    id TEXT PRIMARY KEY,
    received_at TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    notified_at TEXT,
    notification_attempts INTEGER NOT NULL DEFAULT 0,
    last_notification_error TEXT
  );
  CREATE INDEX IF NOT EXISTS contact_messages_unnotified
    ON contact_messages (received_at) WHERE notified_at IS NULL;
`

interface Row {
  id: string
  received_at: string
  name: string
  email: string
  phone: string
  subject: string
  message: string
}

const fromRow = (row: Row): StoredMessage => ({
  id: row.id,
  receivedAt: row.received_at,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
})

/**
 * The embedded store: one SQLite file, created on first start. WAL with synchronous=FULL means
 * a message is on disk when `save` returns, and readers never block the writer.
 */
export function sqliteMessageStore(path: string): MessageStore {
  const file = resolve(path)
  mkdirSync(dirname(file), {recursive: true})
  const db = new DatabaseSync(file)
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;')
  db.exec(SCHEMA)
  const insert = db.prepare(`
    INSERT INTO contact_messages (id, received_at, name, email, phone, subject, message)
    VALUES (:id, :receivedAt, :name, :email, :phone, :subject, :message)
    ON CONFLICT (id) DO NOTHING`)
  const unnotified = db.prepare(
    'SELECT * FROM contact_messages WHERE notified_at IS NULL ORDER BY received_at LIMIT :limit',
  )
  const notified = db.prepare('UPDATE contact_messages SET notified_at = :at WHERE id = :id')
  const failed = db.prepare(`
    UPDATE contact_messages
    SET notification_attempts = notification_attempts + 1, last_notification_error = :error
    WHERE id = :id`)

  return {
    description: `SQLite file ${file}`,
    async save(message) {
      const {changes} = insert.run({...message})
      return {stored: Number(changes) === 1}
    },
    async unnotified(limit) {
      return (unnotified.all({limit}) as unknown as Row[]).map(fromRow)
    },
    async markNotified(id, at) {
      notified.run({id, at})
    },
    async recordNotificationFailure(id, error) {
      failed.run({id, error: error.slice(0, 500)})
    },
    close() {
      if (db.isOpen) db.close()
    },
  }
}
