// Suite: how a deploy reaches traffic. Every function serves through a `live` alias on a published version; production
// shifts each alias by a CodeDeploy canary (10 % for 5 minutes) rolled back by the 5xx and error alarms; staging
// moves the aliases at once, without CodeDeploy. Every stack of a stage, nested ones included, has room to grow: the
// stage's own for more operations, each nested one for as many functions as the plan may put in it.
import { describe, expect, it } from 'vitest';
import { LIVE_ALIAS } from '../../infra/api-function.ts';
import { stages } from '../../infra/stages.ts';
import { CfnResource, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { routes } from '#lib/http/routes.ts';
import { FUNCTIONS_PER_STACK } from '../../infra/function-stacks.ts';
import { logicalIdOf, methods, resourcesOf, stackTemplates, synthStage } from './synth.ts';

/** CloudFormation refuses a template of more resources than this; each nested stack has a limit of its own. */
const CLOUDFORMATION_RESOURCE_LIMIT = 500;
/** Operations the stage's own stack must have room for, each costing what one costs today (infra/DEPLOY.md). */
const OPERATIONS_OF_ROOM = 50;

describe.each(['staging', 'production'] as const)('%s deployments', (stageName) => {
  it(`leaves the stage's stack room for ${OPERATIONS_OF_ROOM} more operations, and each function stack room to fill up`, () => {
    const { stack } = synthStage(stageName);
    const templates = stackTemplates(stack);
    const logicalIds = (template: Template) => Object.keys(template.toJSON().Resources);
    const templateOf = (construct: IConstruct) => templates.find((t) => t.stack === Stack.of(construct))!.template;

    // What an operation costs the stack of its function: the resources that are its function's alone (log group, role,
    // function, version, alias, invoke permissions; in production the deployment group and its error alarm), shared
    // by the operations the function serves. The costliest function sets the price.
    let functionCost = 0;
    for (const fn of stack.functions.values()) {
      const operations = routes.filter((route) => route.handler === fn.handlerModule).length;
      if (operations === 0) continue;
      const own = fn.node.findAll().filter((c): c is CfnResource => c instanceof CfnResource);
      for (const resource of own) expect(logicalIds(templateOf(fn)), fn.handlerModule).toContain(Stack.of(fn).resolve(resource.logicalId));
      functionCost = Math.max(functionCost, Math.ceil(own.length / operations));
    }
    // What an operation costs the stack of the REST API: its method and its share of the API's resource tree (path
    // resources, their CORS preflights, the 405 answers of each path).
    const apiTemplate = templateOf(stack.httpApi.api);
    const apiResources = Object.keys({
      ...resourcesOf(apiTemplate, 'AWS::ApiGateway::Method'),
      ...resourcesOf(apiTemplate, 'AWS::ApiGateway::Resource'),
    }).length;
    const apiCost = Math.ceil(apiResources / routes.length);
    expect(functionCost).toBeGreaterThan(0);
    expect(apiCost).toBeGreaterThan(0);

    const rooms = templates.map(({ stack: one, template }) => {
      const functions = [...stack.functions.values()].filter((fn) => Stack.of(fn) === one).length;
      const holdsApi = Stack.of(stack.httpApi.api) === one;
      const count = logicalIds(template).length;
      // A function stack takes functions until the plan's limit (infra/function-stacks.ts), then its area grows another.
      const filled = count + (functions > 0 ? (FUNCTIONS_PER_STACK - functions) * functionCost : 0);
      const room = holdsApi
        ? Math.floor((CLOUDFORMATION_RESOURCE_LIMIT - filled) / (apiCost + (functions > 0 ? functionCost : 0)))
        : Infinity;
      return { path: one.node.path, functions, count, filled, room };
    });
    const report = rooms
      .map((r) => `${r.path}: ${r.functions} functions, ${r.count} resources, ${r.filled} when full, room for ${r.room} operations`)
      .join('\n');
    // The functions are spread over nested stacks; every stack is measured, the stage's own and each nested one.
    expect(rooms.length, report).toBeGreaterThan(1);
    for (const { functions, filled, room } of rooms) {
      expect(functions, report).toBeLessThanOrEqual(FUNCTIONS_PER_STACK);
      expect(filled, report).toBeLessThanOrEqual(CLOUDFORMATION_RESOURCE_LIMIT);
      expect(room, report).toBeGreaterThanOrEqual(OPERATIONS_OF_ROOM);
    }
  });

  it('publishes a version of every function and serves it through its live alias: API methods, authorizer and stream', () => {
    const { stack, template } = synthStage(stageName);
    const aliases = resourcesOf(template, 'AWS::Lambda::Alias');
    for (const fn of stack.functions.values()) {
      const alias = aliases[logicalIdOf(fn.live)]!.Properties!;
      expect(alias['Name'], fn.handlerModule).toBe(LIVE_ALIAS);
      const version = resourcesOf(template, 'AWS::Lambda::Version')[alias['FunctionVersion']['Fn::GetAtt'][0]]!.Properties!;
      expect(version['FunctionName']).toEqual({ Ref: logicalIdOf(fn.function) });
    }
    const integrations = methods(template)
      .filter((m) => m.properties['Integration']?.['Type'] === 'AWS_PROXY')
      .map((m) => JSON.stringify(m.properties['Integration']['Uri']));
    expect(integrations.length).toBeGreaterThan(10);
    for (const uri of integrations) expect(uri).toMatch(new RegExp(`(Live[0-9A-F]{8}|:${LIVE_ALIAS}/invocations)`));
    const authorizer = Object.values(resourcesOf(template, 'AWS::ApiGateway::Authorizer'))[0]!.Properties!;
    expect(JSON.stringify(authorizer['AuthorizerUri'])).toMatch(new RegExp(`-auth-authorizer:${LIVE_ALIAS}/invocations`));
  });

  it('feeds every stream and queue mapping and every schedule to a live alias', () => {
    const { template } = synthStage(stageName);
    const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, any> }>;
    /** The Lambda resources a property refers to (Ref or Fn::GetAtt, however nested: an alias is named by Fn::Split of its ARN). */
    const lambdasIn = (value: unknown, into = new Set<string>()): Set<string> => {
      if (Array.isArray(value)) value.forEach((v) => lambdasIn(v, into));
      else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          const id = key === 'Ref' ? inner : key === 'Fn::GetAtt' ? (inner as string[])[0] : undefined;
          if (typeof id === 'string' && resources[id]?.Type.startsWith('AWS::Lambda::')) into.add(id);
          else lambdasIn(inner, into);
        }
      }
      return into;
    };
    const lambdaOf = (reference: unknown) => {
      const ids = [...lambdasIn(reference)];
      return ids.length === 1 ? { id: ids[0]!, resource: resources[ids[0]!]! } : undefined;
    };
    const expectLiveAlias = (reference: unknown, what: string) => {
      const target = lambdaOf(reference);
      expect(target, what).toBeDefined();
      expect(target!.resource.Type, `${what} invokes ${target!.id}`).toBe('AWS::Lambda::Alias');
      expect(target!.resource.Properties!['Name'], what).toBe(LIVE_ALIAS);
    };
    const mappings = Object.entries(resourcesOf(template, 'AWS::Lambda::EventSourceMapping'));
    // The delivery worker's, the webhook event maker's and the code mail sender's stream mappings, the webhook sender's
    // and the mint follower's queues.
    expect(mappings.length).toBeGreaterThanOrEqual(5);
    for (const [id, mapping] of mappings) expectLiveAlias(mapping.Properties!['FunctionName'], id);
    const rules = Object.entries(resourcesOf(template, 'AWS::Events::Rule'));
    let scheduled = 0;
    for (const [id, rule] of rules) {
      for (const target of rule.Properties!['Targets'] ?? []) {
        if (!lambdaOf(target['Arn'])) continue;
        scheduled++;
        expectLiveAlias(target['Arn'], `${id} target ${target['Id']}`);
      }
    }
    for (const [id, schedule] of Object.entries(resourcesOf(template, 'AWS::Scheduler::Schedule'))) {
      if (!lambdaOf(schedule.Properties!['Target']?.['Arn'])) continue;
      scheduled++;
      expectLiveAlias(schedule.Properties!['Target']['Arn'], id);
    }
    // The delivery reconciler and the catalogue snapshot writer.
    expect(scheduled).toBeGreaterThanOrEqual(2);
  });

  it(
    stageName === 'production'
      ? 'shifts traffic by a 10 %-for-5-minutes canary, rolled back by the 5xx and error alarms'
      : 'moves every alias at once, without CodeDeploy',
    () => {
      const { stack, template } = synthStage(stageName);
      const groups = Object.values(resourcesOf(template, 'AWS::CodeDeploy::DeploymentGroup'));
      if (stages[stageName].deployment === 'all-at-once') {
        expect(stageName).toBe('staging');
        expect(groups).toEqual([]);
        for (const alias of Object.values(resourcesOf(template, 'AWS::Lambda::Alias'))) expect(alias['UpdatePolicy']).toBeUndefined();
        return;
      }
      expect(stageName).toBe('production');
      expect(groups).toHaveLength(stack.functions.size);
      // One service role for every group, assumed by CodeDeploy alone.
      const roles = new Set(groups.map((group) => JSON.stringify(group.Properties!['ServiceRoleArn'])));
      expect(roles.size).toBe(1);
      const roleId = groups[0]!.Properties!['ServiceRoleArn']['Fn::GetAtt'][0] as string;
      const role = resourcesOf(template, 'AWS::IAM::Role')[roleId]!.Properties!;
      expect(role['AssumeRolePolicyDocument']['Statement']).toEqual([
        expect.objectContaining({ Action: 'sts:AssumeRole', Principal: { Service: 'codedeploy.amazonaws.com' } }),
      ]);
      expect(JSON.stringify(role['ManagedPolicyArns'])).toContain('service-role/AWSCodeDeployRoleForLambdaLimited');
      expect(role['ManagedPolicyArns']).toHaveLength(1);
      const api5xx = logicalIdOf(stack.node.findChild('Alarms').node.findChild('Api5xxRate'));
      const alarmNames = (refs: Array<{ Ref: string }>) => refs.map((r) => r.Ref);
      // Each function's group is rolled back by the 5xx alarm and by that function's own error alarm.
      const groupOf = new Map([...stack.functions.values()].map((fn) => [logicalIdOf(fn.node.findChild('Deployment')), fn] as const));
      expect(groupOf.size).toBe(groups.length);
      for (const [groupId, group] of Object.entries(resourcesOf(template, 'AWS::CodeDeploy::DeploymentGroup'))) {
        const props = group.Properties!;
        const fn = groupOf.get(groupId)!;
        expect(fn, groupId).toBeDefined();
        expect(props['DeploymentConfigName']).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
        expect(props['AutoRollbackConfiguration']).toEqual({
          Enabled: true,
          Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM'],
        });
        const alarms = alarmNames(props['AlarmConfiguration']['Alarms'].map((a: { Name: { Ref: string } }) => a.Name));
        expect(alarms).toContain(api5xx);
        const errors = logicalIdOf(fn.node.findChild('DeployErrors'));
        expect(alarms).toContain(errors);
        const errorAlarm = resourcesOf(template, 'AWS::CloudWatch::Alarm')[errors]!.Properties!;
        // The errors of that function's live alias (the version the canary serves).
        const dimensions = JSON.stringify(errorAlarm['Dimensions']);
        expect(dimensions, fn.handlerModule).toContain(`{"Ref":"${logicalIdOf(fn.function)}"}`);
        expect(dimensions, fn.handlerModule).toContain(`:${LIVE_ALIAS}`);
        expect(props['AlarmConfiguration']['Enabled']).toBe(true);
      }
      // Each alias is moved by its deployment group.
      for (const fn of stack.functions.values()) {
        const alias = resourcesOf(template, 'AWS::Lambda::Alias')[logicalIdOf(fn.live)]!;
        expect(alias['UpdatePolicy'], fn.handlerModule).toMatchObject({
          CodeDeployLambdaAliasUpdate: { ApplicationName: expect.anything() },
        });
      }
    },
  );
});
