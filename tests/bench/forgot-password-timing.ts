/**
 * Forgot-password must not tell which emails have an account by how fast it answers (issue 15: it was
 * ~10 ms faster for unknown emails). Known and unknown emails are asked alternately, so the machine's
 * noise falls on both; the medians are compared. Runs against a console already started.
 */
export interface ForgotPasswordTiming {
  samples: number;
  knownMedianMs: number;
  unknownMedianMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function forgotPasswordTiming(url: string, knownEmail: string, samples = 60): Promise<ForgotPasswordTiming> {
  const ask = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${url}/api/v1/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`forgot-password: ${response.status}`);
    return performance.now() - started;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < samples + 5; i += 1) {
    // A pause after each: the work done after the answer (the link and mail) must not fall on the next ask.
    const k = await ask(knownEmail);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const u = await ask(`nobody-${i}@example.gov.sg`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The first few are warm-up (JIT, caches), not counted.
    if (i >= 5) {
      known.push(k);
      unknown.push(u);
    }
  }
  return { samples, knownMedianMs: median(known), unknownMedianMs: median(unknown) };
}
