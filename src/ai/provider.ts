import { OpenAICompatibleProvider } from './openai-provider.js';

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

/** The always-present provider: no model, so callers use their deterministic rules alone. */
export const builtinProvider: ModelProvider = {
  name: 'builtin',
  available: false,
  complete: async () => {
    throw new Error('the built-in provider has no model; set SVC_MODEL_URL to use one');
  },
};

/**
 * The configured provider: builtin unless SVC_MODEL_URL is set; then an OpenAI-compatible one with
 * SVC_MODEL_KEY (bearer, optional for local servers), SVC_MODEL_NAME (default 'default') and
 * SVC_MODEL_TIMEOUT_MS (default 30000).
 */
export function providerFromEnv(env: NodeJS.ProcessEnv = process.env): ModelProvider {
  const url = env.SVC_MODEL_URL?.trim();
  if (!url) return builtinProvider;
  const timeout = Number(env.SVC_MODEL_TIMEOUT_MS);
  return new OpenAICompatibleProvider({
    url,
    key: env.SVC_MODEL_KEY?.trim() || undefined,
    model: env.SVC_MODEL_NAME?.trim() || 'default',
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 30_000,
  });
}
