// node-cron only starts jobs; what is due is decided from the database (see
// plugins/app/clockwork.ts), so a missed or doubled tick is harmless.
import fp from 'fastify-plugin'
import cron, { type ScheduledTask } from 'node-cron'

export interface Scheduler {
  /** Runs `job` on the cron expression; a run still going when the next is due is skipped. */
  every(expression: string, name: string, job: () => Promise<unknown>): void
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler
  }
}

export default fp(
  async (fastify) => {
    const tasks: ScheduledTask[] = []
    fastify.decorate('scheduler', {
      every(expression, name, job) {
        tasks.push(
          cron.schedule(
            expression,
            async () => {
              try {
                await job()
              } catch (error) {
                fastify.log.error({ err: error, job: name }, 'scheduled job failed')
              }
            },
            { name, noOverlap: true },
          ),
        )
      },
    } satisfies Scheduler)
    fastify.addHook('onClose', async () => {
      for (const task of tasks) await task.destroy()
    })
  },
  { name: 'scheduler' },
)
