// `npm run verify -- <campaignId>`: replays a campaign's whole log with its
// seeds, offline, against DATABASE_URL (or the embedded database), and says
// whether the stored state is what the log produces. Exit code 0 when it is.
import 'dotenv/config'
import { loadConfig } from '../src/config.ts'
import { accessRow } from '../src/db/campaigns.ts'
import { openDatabase } from '../src/db/embedded.ts'
import { connect } from '../src/db/index.ts'
import { UUID } from '../src/db/sql.ts'
import { verifyCampaign } from '../src/services/verify.ts'

const say = (m: string) => console.error(`[verify] ${m}`)
const id = process.argv[2]
if (!id || !UUID.test(id)) {
  say('usage: npm run verify -- <campaignId>   (a campaign id, as in its page address /campaigns/<id>)')
  process.exit(2)
}
const config = loadConfig()
const db = await openDatabase(config, say)
const database = connect(db.url)
let code = 1
try {
  const campaign = await accessRow(database.pool, id, null, new Date())
  if (!campaign) {
    say(`no campaign ${id} in this database`)
    code = 2
  } else {
    say(`replaying "${campaign.name}"…`)
    const result = await verifyCampaign(database, id, campaign)
    console.log(JSON.stringify(result))
    say(
      result.ok
        ? `ok: ${result.events} events replay to the stored state (${result.storedHash})`
        : `NOT ok: ${result.reason}${result.divergedAt ? ` at seq ${result.divergedAt}` : ''}`,
    )
    code = result.ok ? 0 : 1
  }
} catch (error) {
  say((error as Error).message)
} finally {
  await database.close()
  await db.stop()
}
// An explicit exit: a library's exit hook must not turn a failed check into success.
process.exit(code)
