import type { Selectable } from 'kysely';
import type { Db } from '../schema.js';
import type { ChatMessagesTable } from '../schema-chat.js';

export type ChatMessageRow = Selectable<ChatMessagesTable>;

export async function insertChatMessage(db: Db, row: ChatMessageRow): Promise<void> {
  await db.insertInto('chat_messages').values(row).execute();
}

/** The latest `limit` exchanges of a test's conversation, oldest first. */
export async function chatHistory(db: Db, testId: string, userId: string, limit = 50): Promise<ChatMessageRow[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('test_id', '=', testId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}
