// Endings worth sharing (#30): a finished campaign's results (each tribe's figures in the
// ranking's order, what each held at every period's end, and whether the whole log replays to
// the stored state), and the rematch: a new campaign in setup for the same group, each
// player's tribe kept on its weekday for them and an invitation mailed in their language.
import { LRUCache } from 'lru-cache'
import { rulesetOf, type Weekday } from '../engine/index.ts'
import { userById } from '../db/accounts.ts'
import { insertCampaign, insertMembership, insertTribe, lockCampaign, tribesOf, tribesOfPool } from '../db/campaigns.ts'
import { appendEvents, periodEnds, rematchInSetup } from '../db/log.ts'
import { transaction } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { cleanName } from '../lib/names.ts'
import { requireGm, type Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'
import { invitationsService } from './invitations.ts'
import type { Locked } from './locked.ts'
import { viewsService } from './views.ts'

export interface TribeResult {
  rank: number
  id: string
  name: string
  colour: string
  weekday: Weekday
  eliminated: boolean
  /** The game's figures: each a catalogue key of its face and a number. */
  figures: { key: string; value: number }[]
}

export interface Results {
  campaignId: string
  ruleset: string
  /** The last period played (the weekday game's week, world conquest's round). */
  period: number
  endedByLimit: boolean
  tribes: TribeResult[]
  /** What each tribe held at each period's end (the chart), when the game says: `held` by tribe id, one number a period. */
  chart: { key: string; periods: number[]; held: Record<string, number[]> } | null
  /** The dice audit (R12.2): the whole log replayed to the stored state, every seed matching its commitment. */
  audit: { ok: boolean; events: number; reason: string | null }
}

export function resultsService(deps: ServiceDeps, locked: Locked) {
  const { db, clock } = deps
  const views = viewsService(deps, locked)
  const invitations = invitationsService(deps)
  // A finished campaign's log no longer changes: its replay, the costly part, is done once a
  // stored version, however often its public page is read.
  const audits = new LRUCache<string, Results['audit']>({ max: 500 })

  async function audited(a: Access, version: number): Promise<Results['audit']> {
    const key = `${a.campaign.id}:${version}`
    const known = audits.get(key)
    if (known) return known
    const v = await views.verify(a)
    const audit = { ok: v.ok, events: v.events, reason: v.reason ?? null }
    audits.set(key, audit)
    return audit
  }

  return {
    async results(a: Access): Promise<Results> {
      if (a.campaign.status !== 'finished') throw new AppError(409, 'results/not_finished', 'The campaign is not over yet: its results come at its end', 'R2.5')
      const { state, version } = await views.snapshot(a.campaign.id)
      const rules = rulesetOf(state.ruleset)
      const view = rules.view(state)
      const [rows, ends, audit] = await Promise.all([tribesOfPool(db.pool, a.campaign.id), periodEnds(db.pool, a.campaign.id), audited(a, version)])
      const colour = new Map(rows.map((t) => [t.id, t.colour]))
      const figures = new Map((rules.standings?.of(state) ?? []).map((s) => [s.tribe, s.figures]))
      const order = rules.standings ? rules.standings.of(state).map((s) => s.tribe) : (view.ranking ?? rules.ranking(state))
      const tribes = order.flatMap((id, i) => {
        const t = view.tribes.find((x) => x.id === id)
        return t
          ? [
              {
                rank: i + 1,
                id,
                name: t.name,
                colour: colour.get(id) ?? '#5d6d7e',
                weekday: t.weekday,
                eliminated: t.eliminated,
                figures: figures.get(id) ?? [],
              },
            ]
          : []
      })
      let chart: Results['chart'] = null
      if (rules.standings) {
        const read = ends.map((e) => rules.standings!.held(e.payload)).filter((r) => r !== null)
        chart = {
          key: rules.standings.heldKey,
          periods: read.map((r) => r.period),
          // The records list the tribes in the state's order.
          held: Object.fromEntries(view.tribes.map((t, i) => [t.id, read.map((r) => r.held[i] ?? 0)])),
        }
      }
      return {
        campaignId: a.campaign.id,
        ruleset: state.ruleset,
        period: view.period,
        endedByLimit: view.endedByLimit,
        tribes,
        chart,
        audit,
      }
    },

    /**
     * A rematch with the same group: a new campaign in setup with the finished one's game, map,
     * time zone, limit and visibility, its GM the caller; every tribe that had a player at the end
     * is kept for that player, with its name, colour and weekday, and the player is invited to it.
     * One rematch at a time: while it is in setup, asking again answers it.
     */
    async rematch(a: Access, userId: string, input: { name?: string | undefined } = {}) {
      requireGm(a, 'start a rematch')
      if (a.campaign.status !== 'finished')
        throw new AppError(409, 'rematch/not_finished', 'A rematch starts from a finished campaign; this one is not over yet', 'R2.5')
      const name = cleanName(input.name ?? a.campaign.name, 'name')
      const rules = rulesetOf(a.campaign.ruleset)
      return transaction(db.pool, async (sql) => {
        const old = await lockCampaign(sql, a.campaign.id)
        // Asked again while the rematch is still in setup (a double click, a retry, requests at
        // once, one after the other under this lock): the same rematch, with no more invitations (#45).
        const made = await rematchInSetup(sql, old.id)
        if (made) {
          const order = (await tribesOf(sql, old.id)).map((t) => t.name)
          const kept = (await tribesOf(sql, made.id)).sort((x, y) => order.indexOf(x.name) - order.indexOf(y.name))
          return { ...made, status: 'setup' as const, rematchOf: old.id, invited: kept.map((t) => ({ tribeName: t.name, weekday: t.weekday as Weekday })) }
        }
        const c = await insertCampaign(sql, {
          name,
          mapId: old.mapId,
          timeZone: old.timeZone,
          weekLimit: old.weekLimit,
          public: old.public,
          createdById: userId,
          ruleset: rules.id,
          rulesetVersion: rules.version,
        })
        await insertMembership(sql, c.id, userId, 'gm')
        const now = clock.now()
        await appendEvents(sql, c.id, [
          { type: 'campaign.created', payload: { name: c.name, mapId: c.mapId, timeZone: c.timeZone, rematchOf: old.id }, week: 0, at: now },
        ])
        const invites = []
        for (const t of await tribesOf(sql, old.id)) {
          const player = t.userId && t.userId !== userId ? await userById(sql, t.userId) : null
          if (!player) continue
          const kept = await insertTribe(sql, c.id, { name: t.name, colour: t.colour, weekday: t.weekday, userId: null })
          invites.push({ tribe: kept, email: player.email, locale: player.locale === 'es' ? ('es' as const) : ('en' as const) })
        }
        await invitations.inviteToTribes(sql, { ...a, campaign: c, role: 'gm', tribeId: null, userId }, userId, invites)
        return {
          id: c.id,
          name: c.name,
          status: 'setup' as const,
          rematchOf: old.id,
          invited: invites.map((i) => ({ tribeName: i.tribe.name, weekday: i.tribe.weekday as Weekday })),
        }
      })
    },
  }
}
