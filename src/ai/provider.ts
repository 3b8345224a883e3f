/**
 * The model seam. Everything SPEC.md calls "AI-authored" (feature maps, plans, cause and fix, chat,
 * natural-language edits) goes through a ModelProvider. The built-in provider is deterministic and
 * always present; an OpenAI-compatible HTTP provider (SVC_MODEL_URL, SVC_MODEL_KEY, SVC_MODEL_NAME)
 * may refine results. Callers never take a verdict from model prose.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  messages: ChatMessage[];
  /** Ask for a JSON object answer. */
  json?: boolean;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

export interface ModelProvider {
  /** 'builtin' or 'openai-compatible:<model>'. */
  readonly name: string;
  /** False for the built-in provider: callers then use their deterministic rules alone. */
  readonly available: boolean;
  complete(req: CompletionRequest): Promise<string>;
}
