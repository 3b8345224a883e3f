/** One exchange of a test's report chat: the message, how it was read, the answer and (JSON) the rest of it. */
export interface ChatMessagesTable {
  id: string;
  test_id: string;
  user_id: string;
  /** The run the answer is about. */
  run_id: string | null;
  /** cli | mcp | portal | … (the surface that asked). */
  source: string;
  question: string;
  intent: string;
  answer: string;
  /** JSON: citations, change, suggestions, provider. */
  data: string;
  created_at: string;
}

export interface ChatTables {
  chat_messages: ChatMessagesTable;
}
