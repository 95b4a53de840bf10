/**
 * Optional phrasing by an OpenAI-compatible chat endpoint (HM_AI_BASE_URL, HM_AI_API_KEY,
 * HM_AI_MODEL). It only rewrites the facts already computed; without it the product writes the
 * interpretation itself.
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  if (!env.HM_AI_BASE_URL) return null;
  return { baseUrl: env.HM_AI_BASE_URL.replace(/\/$/, ''), apiKey: env.HM_AI_API_KEY ?? '', model: env.HM_AI_MODEL ?? 'gpt-4o-mini' };
}

const SYSTEM = [
  '你是零售连锁企业的经营分析师。',
  '只根据用户给出的分析事实改写成通顺的中文解读，保留 Markdown 小标题结构。',
  '不得编造、推算或改动任何数字，数字必须与事实中的写法完全一致。',
].join('');

/** Streams the model's text; throws when the endpoint fails so the caller can fall back. */
export async function* phrase(config: LlmConfig, facts: string, signal?: AbortSignal): AsyncGenerator<string> {
  const res = await fetch(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify({
      model: config.model,
      stream: true,
      temperature: 0.2,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: facts },
      ],
    }),
  });
  if (!res.ok || !res.body) throw new Error(`AI endpoint answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const text = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
      if (text) yield text;
    }
  }
}
