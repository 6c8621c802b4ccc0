// A refusal is read by a person: it always says, in words, what was wrong. Every game's test
// helpers that expect a refusal pass it through here, so a guard whose message went missing is
// caught wherever that guard is tested.
export function readable<E extends { code: string; message: string }>(error: E): E {
  if (error.message.trim().length < 8) throw new Error(`refusal ${error.code} has no message a person can read: "${error.message}"`)
  return error
}
