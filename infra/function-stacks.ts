// The stage's functions, one nested stack per area: the folder of functions/ a handler module lives in (auth, partner,
// plaques, system, webhooks, delivery, tokens, events). Each nested stack holds its functions and all that is theirs alone: log
// group, role, version and live alias, invoke permissions (API methods, authorizer, schedules), stream and queue
// mappings, and in production the CodeDeploy group and error alarm. What the functions share (table, buckets,
// secrets, queues, the REST API and its methods, the alarm topic) stays in the stage's stack, which passes it in as
// parameters. CloudFormation counts its 500 resources a stack per stack, nested ones apart: see infra/DEPLOY.md,
// "Room to grow".
//
// The API's methods stay in the stage's stack, with the API: the API key functions refer to the usage plan, which
// refers to the stage, its deployment and so every method; methods in the nested stacks would close that loop. The
// methods name the functions by ARN instead (infra/http-api.ts).
import { NestedStack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from './stages.ts';

/** The area of a handler module: `functions/partner/buy-plaque.ts` → `partner`. */
function areaOf(handlerModule: string): string {
  const parts = handlerModule.split('/');
  if (parts.length !== 3 || parts[0] !== 'functions') throw new Error(`${handlerModule} is not functions/<area>/<operation>.ts`);
  return parts[1]!;
}

/** Construct id of an area's nested stack: `partner` → `PartnerFunctions`. */
const stackIdOf = (area: string): string => `${area.charAt(0).toUpperCase()}${area.slice(1)}Functions`;

/** One area's functions. */
export class FunctionStack extends NestedStack {
  readonly area: string;

  constructor(scope: Construct, area: string, stage: StageConfig) {
    super(scope, stackIdOf(area), { description: `Plaque Marketplace API (${stage.name}): the ${area} functions` });
    this.area = area;
  }
}

/** The nested stacks of a stage's functions, made as the first function of an area asks for one. */
export class FunctionStacks {
  private readonly byArea = new Map<string, FunctionStack>();

  constructor(
    private readonly scope: Construct,
    private readonly stage: StageConfig,
  ) {}

  /** The nested stack that holds a handler module's function. */
  for(handlerModule: string): FunctionStack {
    const area = areaOf(handlerModule);
    let stack = this.byArea.get(area);
    if (!stack) {
      stack = new FunctionStack(this.scope, area, this.stage);
      this.byArea.set(area, stack);
    }
    return stack;
  }

  get all(): FunctionStack[] {
    return [...this.byArea.values()];
  }
}
