// A stand-in for the Inngest executor, for the bench and the tests (the server binary cannot be
// downloaded here): one run of a served function, requested over HTTP the way the executor requests it.
// POST ?fnId=<app>-<fn>&stepId=step discovers the next step or wave; a wave of k parallel steps comes
// back as k StepPlanned ops, each then requested on its own (all k at once), and the results are
// memoized into the next discovery; 200 is the function's result. Unlike @inngest/test, a planned
// step runs once. No retries, sleeps or waits: a StepError or a wait op ends the run with an error.

/** Run `fnId` on the served app at `url` for `event`; the function's result and the number of requests. */
export async function executeOverHttp(url, fnId, event) {
  const steps = {};
  const stack = [];
  let requests = 0;
  let parallel = false;
  const call = async (stepId) => {
    requests++;
    const r = await fetch(`${url}?fnId=${encodeURIComponent(fnId)}&stepId=${encodeURIComponent(stepId)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event, events: [event], steps, ctx: { run_id: `run-${event.id ?? "x"}`, attempt: 0, disable_immediate_execution: parallel, use_api: false, stack: { stack, current: stack.length } }, version: 1 }),
    });
    const body = await r.json();
    if (r.status === 200) return { done: true, body };
    if (r.status !== 206) throw new Error(`executor: HTTP ${r.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { done: false, ops: body };
  };
  const memo = (op) => {
    if (op.op !== "StepRun") throw new Error(`executor: step ${op.name ?? op.id}: ${op.op} ${JSON.stringify(op.error ?? op).slice(0, 300)}`);
    steps[op.id] = { type: "data", data: op.data ?? null };
    stack.push(op.id);
  };
  for (;;) {
    const d = await call("step");
    if (d.done) return { result: d.body, requests };
    const planned = d.ops.filter((o) => o.op === "StepPlanned");
    for (const o of d.ops) if (o.op !== "StepPlanned") memo(o);
    if (planned.length > 1) parallel = true;
    const ran = await Promise.all(planned.map((o) => call(o.id)));
    for (const x of ran) {
      if (x.done) throw new Error("executor: a step request finished the function");
      for (const o of x.ops) memo(o);
    }
  }
}
