import { z } from 'zod';
import type { CompletionRequest, ModelProvider } from './provider.js';

/**
 * An OpenAI-compatible chat-completions client (OpenAI, vLLM, Ollama, llama.cpp, LM Studio, …).
 * Errors surface as thrown Errors; callers treat any error as "no refinement".
 */
export interface OpenAICompatibleOptions {
  /** Base URL with or without /v1, or the full …/chat/completions URL. */
  url: string;
  key?: string;
  model: string;
  timeoutMs?: number;
}

const ChatResponse = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export function chatCompletionsUrl(base: string): string {
  const u = base.trim().replace(/\/+$/, '');
  if (/\/chat\/completions$/.test(u)) return u;
  if (/\/v\d+$/.test(u)) return `${u}/chat/completions`;
  return `${u}/v1/chat/completions`;
}

export class OpenAICompatibleProvider implements ModelProvider {
  readonly name: string;
  readonly available = true;
  private readonly endpoint: string;

  constructor(private readonly opts: OpenAICompatibleOptions) {
    this.name = `openai-compatible:${opts.model}`;
    this.endpoint = chatCompletionsUrl(opts.url);
  }

  async complete(req: CompletionRequest): Promise<string> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 30_000);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const body: Record<string, unknown> = { model: this.opts.model, messages: req.messages };
    if (req.json) body.response_format = { type: 'json_object' };
    if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
    if (req.temperature !== undefined) body.temperature = req.temperature;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.opts.key) headers.authorization = `Bearer ${this.opts.key}`;
    // undici is loaded with the first request: a server without a model endpoint never needs it.
    const { request } = await import('undici');
    const res = await request(this.endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal });
    const text = await res.body.text();
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new Error(`model endpoint answered ${res.statusCode}: ${text.slice(0, 200)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`model endpoint answered non-JSON: ${text.slice(0, 200)}`);
    }
    const r = ChatResponse.safeParse(parsed);
    if (!r.success) throw new Error('model endpoint answered without choices[0].message.content');
    const content = r.data.choices[0]!.message.content;
    if (content === null || content.trim() === '') throw new Error('model answered with empty content');
    return content;
  }
}
