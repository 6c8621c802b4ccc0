// An app whose mails go to a local SMTP server and whose pushes go to a local push service
// (#30), both closed when the test ends; its clock at Monday 30 November 2026, 10:00 in Madrid.
import type { Test } from 'tap'
import { buildTestApp } from './app.ts'
import { setClock } from './campaign.ts'
import { PUSH_CA_FILE, pushReceiver } from './push-receiver.ts'
import { smtpReceiver } from './smtp.ts'

export async function notifiedApp(t: Test) {
  const smtp = await smtpReceiver()
  const push = await pushReceiver()
  t.teardown(async () => {
    await smtp.close()
    await push.close()
  })
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url, allowPrivateWebhooks: true, pushCaFile: PUSH_CA_FILE })
  await setClock(app, '2026-11-30T09:00:00Z')
  return { app, smtp, push }
}
