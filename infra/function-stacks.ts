// The stage's functions in nested stacks, the grouping computed from the function manifest: each area of functions/
// (the folder a handler module lives in) has a nested stack, `PartnerFunctions` for functions/partner, and an area with
// more functions than one stack holds is spread over several (`PartnerFunctions`, `PartnerFunctions2`, ...), each
// function placed by a hash of its module's path. So a file never moves for room: adding a function leaves every other
// where it was, unless its area then needs one more stack (a move, infra/DEPLOY.md "Room to grow").
//
// Each nested stack holds its functions and all that is theirs alone: log group, role, version and live alias, invoke
// permissions (API methods, authorizer, schedules), stream and queue mappings, and in production the CodeDeploy group
// and error alarm. What the functions share (table, buckets, secrets, queues, the REST API and its methods, the alarm
// topic) stays in the stage's stack, which passes it in as parameters. CloudFormation counts its 500 resources a stack
// per stack, nested ones apart.
//
// The API's methods stay in the stage's stack, with the API: the API key functions refer to the usage plan, which
// refers to the stage, its deployment and so every method; methods in the nested stacks would close that loop. The
// methods name the functions by ARN instead (infra/http-api.ts).
import { createHash } from 'node:crypto';
import { NestedStack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from './stages.ts';

/**
 * Functions one nested stack holds at most: a function costs 8 resources in production (infra/DEPLOY.md), so 40 take
 * 320 of CloudFormation's 500 and leave room for the invoke permissions of the routes they serve.
 */
export const FUNCTIONS_PER_STACK = 40;

/** The area of a handler module: `functions/partner/buy-plaque.ts` → `partner`. */
function areaOf(handlerModule: string): string {
  const parts = handlerModule.split('/');
  if (parts.length !== 3 || parts[0] !== 'functions') throw new Error(`${handlerModule} is not functions/<area>/<operation>.ts`);
  return parts[1]!;
}

/** Construct id of an area's nested stack: `partner` → `PartnerFunctions`, its second one `PartnerFunctions2`. */
const stackIdOf = (area: string, shard: number): string =>
  `${area.charAt(0).toUpperCase()}${area.slice(1)}Functions${shard === 0 ? '' : shard + 1}`;

/** Where a module falls among `shards` stacks: a hash of its path, so the others stay put as modules come and go. */
const shardOf = (handlerModule: string, shards: number): number =>
  createHash('sha256').update(handlerModule).digest().readUInt32BE(0) % shards;

/**
 * The nested stack of every handler module: one per area while its functions fit, else the fewest stacks over which
 * the hash spreads them with none holding more than FUNCTIONS_PER_STACK.
 */
export function stackPlan(handlerModules: readonly string[]): Map<string, string> {
  const byArea = new Map<string, string[]>();
  for (const module of handlerModules) byArea.set(areaOf(module), [...(byArea.get(areaOf(module)) ?? []), module]);
  const plan = new Map<string, string>();
  for (const [area, modules] of byArea) {
    let shards = Math.ceil(modules.length / FUNCTIONS_PER_STACK);
    const fits = (count: number) =>
      [...Array(count).keys()].every((shard) => modules.filter((m) => shardOf(m, count) === shard).length <= FUNCTIONS_PER_STACK);
    while (shards > 1 && !fits(shards)) shards++;
    for (const module of modules) plan.set(module, stackIdOf(area, shards === 1 ? 0 : shardOf(module, shards)));
  }
  return plan;
}

/** One group of an area's functions. */
export class FunctionStack extends NestedStack {
  constructor(scope: Construct, id: string, stage: StageConfig) {
    super(scope, id, {
      description: `Plaque Marketplace API (${stage.name}): the ${id.replace(/Functions\d*$/, '').toLowerCase()} functions`,
    });
  }
}

/** The nested stacks of a stage's functions, as the plan for the manifest's modules places them. */
export class FunctionStacks {
  private readonly byId = new Map<string, FunctionStack>();
  private readonly plan: Map<string, string>;

  constructor(
    private readonly scope: Construct,
    private readonly stage: StageConfig,
    handlerModules: readonly string[],
  ) {
    this.plan = stackPlan(handlerModules);
  }

  /** The nested stack that holds a handler module's function. */
  for(handlerModule: string): FunctionStack {
    const id = this.plan.get(handlerModule);
    if (!id) throw new Error(`${handlerModule} is not in the function manifest`);
    let stack = this.byId.get(id);
    if (!stack) {
      stack = new FunctionStack(this.scope, id, this.stage);
      this.byId.set(id, stack);
    }
    return stack;
  }

  get all(): FunctionStack[] {
    return [...this.byId.values()];
  }
}
