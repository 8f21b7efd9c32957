import type express from 'express';
import { HttpError } from './http-error';
import { metricsAllowed } from '../ops/metrics-auth';
import type { HttpDeps } from './http-deps';

/** What an operator's tools ask: liveness, readiness, metrics. */
export function opsRoutes(app: express.Express, deps: HttpDeps): void {
  // Liveness: the process answers. A load balancer's health check is /readyz.
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  // Readiness: 503 while the node cannot reach a service it needs (PostgreSQL, Redis) or is
  // shutting down, so that a load balancer sends its new connections elsewhere meanwhile.
  app.get('/readyz', (_req, res) => {
    const report = deps.readiness();
    res.status(report.ready ? 200 : 503).json(report);
  });

  // Prometheus's scrape (docs/PROTOCOL.md). Counts only, no table's content; a deployment that
  // does not want even those public sets METRICS_TOKEN.
  app.get('/metrics', (req, res, next) => {
    if (!metricsAllowed(req.headers.authorization, deps.metricsToken)) {
      res.set('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', '/metrics needs the bearer token METRICS_TOKEN.');
    }
    deps.metrics.text().then((text) => res.type(deps.metrics.contentType).send(text), next);
  });
}
