// Prometheus metrics (#51): one registry per app instance (tests build several apps in one
// process, and prom-client's global registry would make their metrics clash), served by
// routes/metrics. What each metric means and what to alert on: docs/OPERATIONS.md.
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { acquireTimeoutsOf } from '../../db/index.ts'
import { readForScrape } from '../../services/operations.ts'

export interface Metrics {
  registry: Registry
  contentType: string
  /** The text a scrape answers: this instance's metrics, after its reads of the database, and the process's. */
  scrape(): Promise<string>
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
  interface FastifyContextConfig {
    /** A request that stays open as long as its client wants (an event stream): counted, but kept out of the latency histogram. */
    longLived?: boolean
  }
}

let processRegistry: Registry | undefined
/**
 * Node's own metrics (event-loop delay, heap, CPU, handles) describe the process, not an app:
 * made once, so that each app built in one process does not start another event-loop monitor.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** A counter's value set from a running total kept elsewhere, at each scrape. */
function setTotals<L extends string>(counter: Counter<L>, totals: [Partial<Record<L, string>>, number][]) {
  counter.reset()
  for (const [labels, value] of totals) counter.inc(labels, value)
}

const seconds = (ms: number) => ms / 1000

export default fp(
  async (fastify) => {
    const { db, clock, clockwork, deliveries, streams } = fastify
    const remembered = () => fastify.campaigns.remembered()
    const registry = new Registry()
    const registers = [registry]
    // The metrics set as things happen; those read at the scrape have a collect() of their own.
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Counter({ name, help, labelNames, registers })
    const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Gauge({ name, help, labelNames, registers })

    // HTTP: by route pattern (never the raw URL, whose ids would make a series each).
    const requests = counter('weekday_http_requests_total', 'HTTP requests answered, by method, route pattern and status code', ['method', 'route', 'status'])
    const latency = new Histogram({
      name: 'weekday_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by method and route pattern (event streams left out)',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    // Each series' child kept by its labels: prom-client hashes a labels object at every call,
    // and a synchronous hook spares a promise per request (#52). Neither metric is ever reset.
    const counted = new Map<string, { inc(): void }>()
    const timed = new Map<string, { observe(value: number): void }>()
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched'
      const method = request.method
      const status = String(reply.statusCode)
      const series = `${method} ${route} ${status}`
      let count = counted.get(series)
      if (!count) counted.set(series, (count = requests.labels({ method, route, status })))
      count.inc()
      if (!request.routeOptions.config?.longLived) {
        let time = timed.get(`${method} ${route}`)
        if (!time) timed.set(`${method} ${route}`, (time = latency.labels({ method, route })))
        time.observe(seconds(reply.elapsedTime))
      }
      done()
    })

    // The pools, read as they are at the scrape.
    const pools = { requests: db.pool, system: db.system }
    new Gauge({
      name: 'weekday_db_pool_connections',
      help: 'Connections of a database pool, by state: in_use (checked out) or idle',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        for (const [name, pool] of Object.entries(pools)) {
          this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount)
          this.set({ pool: name, state: 'idle' }, pool.idleCount)
        }
      },
    })
    new Gauge({
      name: 'weekday_db_pool_waiting',
      help: 'Callers waiting for a free connection of a database pool',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const [name, pool] of Object.entries(pools)) this.set({ pool: name }, pool.waitingCount)
      },
    })
    new Gauge({
      name: 'weekday_db_pool_max_connections',
      help: 'The most connections a database pool opens',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const [name, pool] of Object.entries(pools)) this.set({ pool: name }, pool.options.max ?? 10)
      },
    })
    new Counter({
      name: 'weekday_db_pool_acquire_timeouts_total',
      help: 'Callers that gave up waiting for a free connection of a database pool (a request answered 503 service/busy)',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        setTotals(
          this,
          Object.entries(pools).map(([name, pool]) => [{ pool: name }, acquireTimeoutsOf(pool)]),
        )
      },
    })

    // The calendar sweep, told of by the clockwork at the end of each.
    const sweepDuration = new Histogram({
      name: 'weekday_sweep_duration_seconds',
      help: 'How long a calendar sweep took, finding the due campaigns and catching them up',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    })
    const sweeps = counter('weekday_sweeps_total', 'Calendar sweeps, by outcome: ok or failed', ['outcome'])
    const sweepCampaigns = counter(
      'weekday_sweep_campaigns_total',
      'Campaigns the sweeps found due, by outcome: caught_up, failed, or busy (another sweep or a request had it)',
      ['outcome'],
    )
    const lastSweep = gauge('weekday_sweep_last_success_timestamp_seconds', 'When the last calendar sweep that did not fail ended (Unix time)')
    for (const outcome of ['ok', 'failed']) sweeps.inc({ outcome }, 0)
    clockwork.onSweep((result) => {
      if (!result) return sweeps.inc({ outcome: 'failed' })
      sweeps.inc({ outcome: 'ok' })
      sweepDuration.observe(seconds(result.ms))
      sweepCampaigns.inc({ outcome: 'caught_up' }, result.caughtUp)
      sweepCampaigns.inc({ outcome: 'failed' }, result.failed)
      sweepCampaigns.inc({ outcome: 'busy' }, Math.max(0, result.due - result.caughtUp - result.failed))
      lastSweep.setToCurrentTime()
    })

    new Counter({
      name: 'weekday_deliveries_total',
      help: 'Deliveries by kind and outcome: mail sent, failed (retried later) or dropped; webhook changes queued and calls made',
      labelNames: ['kind', 'outcome'] as const,
      registers,
      collect() {
        const { mails, webhooks } = deliveries.totals()
        setTotals(this, [
          [{ kind: 'mail', outcome: 'sent' }, mails.sent],
          [{ kind: 'mail', outcome: 'failed' }, mails.failed],
          [{ kind: 'mail', outcome: 'dropped' }, mails.dropped],
          [{ kind: 'webhook', outcome: 'queued' }, webhooks.queued],
          [{ kind: 'webhook', outcome: 'called' }, webhooks.called],
        ])
      },
    })
    new Gauge({
      name: 'weekday_event_streams_open',
      help: 'Live event streams (Server-Sent Events) this instance holds open',
      registers,
      collect() {
        this.set(streams.held().streams)
      },
    })
    new Gauge({
      name: 'weekday_event_streams_campaigns',
      help: 'Campaigns the open event streams watch (each polled once per beat)',
      registers,
      collect() {
        this.set(streams.held().campaigns)
      },
    })

    // The campaigns remembered to save their next order in one round trip (#32): how many, and
    // what they count against KNOWN_CAMPAIGNS_MB, which bounds the heap they hold.
    new Gauge({
      name: 'weekday_remembered_campaigns',
      help: 'Campaigns this instance remembers after changing them, so that their next order is saved in one round trip (KNOWN_CAMPAIGNS)',
      registers,
      collect() {
        this.set(remembered().campaigns)
      },
    })
    new Gauge({
      name: 'weekday_remembered_campaigns_bytes',
      help: "The remembered campaigns' states as stored JSON, in bytes, against KNOWN_CAMPAIGNS_MB",
      registers,
      collect() {
        this.set(remembered().bytes)
      },
    })

    // Read from the database at the scrape, one statement for all, within a deadline.
    const campaigns = gauge('weekday_campaigns', 'Campaigns by game and status (from the database, at the scrape)', ['game', 'status'])
    const queueDepth = gauge('weekday_delivery_queue_depth', 'Deliveries waiting to leave, by kind: mail or webhook (from the database, at the scrape)', [
      'kind',
    ])
    const queueAge = gauge('weekday_delivery_queue_oldest_age_seconds', 'How long the oldest waiting delivery has waited, by kind; 0 when none waits', ['kind'])
    const calendarLag = gauge('weekday_calendar_lag_seconds', 'How long the most overdue calendar work of a running campaign has been due; 0 when none is')
    const readOk = gauge('weekday_scrape_database_ok', "1 when this scrape's read of the database answered in time, else 0 (its gauges are then left out)")
    const readFailures = counter('weekday_scrape_database_failures_total', 'Scrapes whose read of the database failed or ran past its deadline')
    const readTime = gauge('weekday_scrape_database_duration_seconds', "How long the last scrape's read of the database took")
    readFailures.inc(0)
    const fromDatabase = [campaigns, queueDepth, queueAge, calendarLag]

    async function readDatabase() {
      const started = performance.now()
      try {
        const reads = await readForScrape(db, clock)
        const now = clock.now().getTime()
        const age = (since: Date | null) => (since ? Math.max(0, seconds(now - since.getTime())) : 0)
        for (const gauge of fromDatabase) gauge.reset()
        for (const c of reads.campaigns) campaigns.set({ game: c.game, status: c.status }, c.count)
        for (const [kind, queue] of [['mail', reads.mails] as const, ['webhook', reads.webhooks] as const]) {
          queueDepth.set({ kind }, queue.waiting)
          queueAge.set({ kind }, age(queue.oldest))
        }
        calendarLag.set(age(reads.oldestDue))
        readOk.set(1)
      } catch (error) {
        // A scrape says what it could not read; a 500 would lose the in-process metrics too.
        fastify.log.warn({ err: error }, 'metrics: the database read failed')
        for (const gauge of fromDatabase) gauge.reset()
        readOk.set(0)
        readFailures.inc()
      } finally {
        readTime.set(seconds(performance.now() - started))
      }
    }

    // Scrapes at once (two Prometheus servers) share one read of the database.
    let reading: Promise<void> | null = null
    fastify.decorate('metrics', {
      registry,
      contentType: registry.contentType,
      async scrape() {
        reading ??= readDatabase().finally(() => (reading = null))
        await reading
        const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()])
        return `${own}\n${process}`
      },
    } satisfies Metrics)
  },
  { name: 'metrics', dependencies: ['config', 'prisma', 'clock', 'clockwork', 'deliveries', 'streams', 'campaigns'] },
)
