import { performance } from 'node:perf_hooks';

/**
 * Whether this node can do its work now, for a load balancer's `GET /readyz`: each service it
 * depends on (PostgreSQL, Redis) is asked in the background every CHECK_EVERY_MS, and one
 * whose answer has not come within SLOW_MS, or came as an error, makes the node unready until
 * it answers again. `/healthz` (liveness) asks nothing: the process answers, that is all.
 */

/** A service's check: resolves when it answers, or a synchronous verdict (the bus's own PING). */
export type Check = () => Promise<void> | boolean;

export type ServiceState = 'ok' | 'unreachable';

export interface ReadinessReport {
  ready: boolean;
  /** Why not ready, when the node is shutting down. */
  closing?: true;
  services: Record<string, ServiceState>;
}

const CHECK_EVERY_MS = 1000;
const SLOW_MS = 1000;

export class Readiness {
  private readonly state = new Map<
    string,
    { ok: boolean; sentAt: number; inFlight: boolean; check: Check }
  >();
  private readonly timer: NodeJS.Timeout;
  private closing = false;

  constructor(checks: Record<string, Check>) {
    for (const [name, check] of Object.entries(checks)) {
      this.state.set(name, { ok: true, sentAt: 0, inFlight: false, check });
    }
    this.timer = setInterval(() => this.checkAll(), CHECK_EVERY_MS);
    this.timer.unref();
    this.checkAll();
  }

  /** Each service's state now, and whether the node is ready. */
  report(): ReadinessReport {
    const now = performance.now();
    const services: Record<string, ServiceState> = {};
    for (const [name, s] of this.state) {
      const slow = s.inFlight && now - s.sentAt > SLOW_MS;
      services[name] = s.ok && !slow ? 'ok' : 'unreachable';
    }
    const ready = !this.closing && Object.values(services).every((state) => state === 'ok');
    return { ready, ...(this.closing ? { closing: true as const } : {}), services };
  }

  /** The node is shutting down: a load balancer should send it nothing new. */
  close(): void {
    this.closing = true;
    clearInterval(this.timer);
  }

  private checkAll(): void {
    for (const s of this.state.values()) {
      if (s.inFlight) continue;
      let answer: Promise<void> | boolean;
      try {
        answer = s.check();
      } catch {
        answer = false;
      }
      if (typeof answer === 'boolean') {
        s.ok = answer;
        continue;
      }
      s.inFlight = true;
      s.sentAt = performance.now();
      void answer
        .then(
          () => (s.ok = true),
          () => (s.ok = false),
        )
        .finally(() => (s.inFlight = false));
    }
  }
}
