/** The server's injectable clock, movable by tests (idle and absolute session expiry). */
export class TestClock {
  private offsetMs = 0;

  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  unixSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}
