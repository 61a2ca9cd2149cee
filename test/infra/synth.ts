// Synthesizes the CDK app for template tests: both stages once per test file, bundling skipped (bundles.test.ts bundles for real).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/build-app.ts';
import { projectRoot } from '../../infra/bundling.ts';
import type { PlaqueApiStack } from '../../infra/plaque-api-stack.ts';
import type { StageName } from '../../infra/stages.ts';

/** The context `cdk synth` gets from cdk.json (feature flags), so tests synthesize what the CLI synthesizes. */
export const cdkJsonContext: Record<string, unknown> = JSON.parse(readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')).context;

export interface SynthOptions {
  /** `-c stage=`; undefined builds both stages like a bare `cdk synth`. */
  stage?: StageName;
  /** Register the cdk-nag plugin as the CLI synth does (off by default: nag.test.ts runs it directly). */
  nag?: boolean;
}

/** A fresh app as `cdk synth` would build it, minus esbuild: no stack is bundled. */
export function createApp(options: SynthOptions = {}): { app: App; stacks: PlaqueApiStack[] } {
  const app = new App({
    context: {
      ...cdkJsonContext,
      'aws:cdk:bundling-stacks': [],
      nag: options.nag ? 'true' : 'false',
      ...(options.stage && { stage: options.stage }),
    },
  });
  return { app, stacks: buildApp(app) };
}

export interface SynthesizedStage {
  stack: PlaqueApiStack;
  template: Template;
}

let synthesized: { app: App; stacks: PlaqueApiStack[] } | undefined;
const templates = new Map<StageName, Template>();

/**
 * Both stages in one app, synthesized once per test file as a bare `npm run synth` does it (cdk-nag plugin
 * registered), bundling aside. Synthesis dominates the test time, so every suite of a file shares it.
 */
export function synthesizedApp(): { app: App; stacks: PlaqueApiStack[] } {
  if (!synthesized) {
    synthesized = createApp({ nag: true });
    synthesized.app.synth();
  }
  return synthesized;
}

/** The stage's stack and its whole template (nested stacks included, see stageTemplate) from the shared synthesis. */
export function synthStage(stage: StageName): SynthesizedStage {
  const stack = synthesizedApp().stacks.find((s) => s.stage.name === stage)!;
  let template = templates.get(stage);
  if (!template) {
    template = stageTemplate(stack);
    templates.set(stage, template);
  }
  return { stack, template };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, any>; [key: string]: unknown }>;

/** The nested stacks a stack holds directly. */
const nestedStacksOf = (stack: Stack): NestedStack[] =>
  stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack);

/** Replaces every `{ Ref: name }` whose name `replacement` knows, however deeply nested. */
function substituteRefs(value: unknown, replacement: (name: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => substituteRefs(v, replacement));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string') {
    const replaced = replacement(entries[0]![1]);
    if (replaced !== undefined) return replaced;
  }
  return Object.fromEntries(entries.map(([key, inner]) => [key, substituteRefs(inner, replacement)]));
}

/** Replaces every `{ 'Fn::GetAtt': [stack, 'Outputs.<name>'] }` by the value the nested stack outputs. */
function substituteOutputs(value: unknown, outputs: Map<string, Record<string, unknown>>): unknown {
  if (Array.isArray(value)) return value.map((v) => substituteOutputs(v, outputs));
  if (value === null || typeof value !== 'object') return value;
  const getAtt = (value as Record<string, unknown>)['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[1] === 'string' && getAtt[1].startsWith('Outputs.')) {
    const output = outputs.get(getAtt[0] as string)?.[getAtt[1].slice('Outputs.'.length)];
    if (output === undefined) throw new Error(`no output ${getAtt.join('.')}`);
    return output;
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, substituteOutputs(inner, outputs)]));
}

/**
 * A stage as one template: its stack's resources and those of its nested stacks (the functions, one stack per area),
 * each parameter of a nested stack replaced by the value the stage's stack passes, each nested output the stage's
 * stack reads replaced by its value. Assertions about what is wired to what then read the same wherever a resource
 * lives. Logical ids are kept (they are unique across the stage's stacks, checked here); the nested stack resources
 * themselves are left out. `stackTemplates` gives the templates CloudFormation deploys, one per stack.
 */
export function stageTemplate(stack: Stack): Template {
  const parent = Template.fromStack(stack).toJSON();
  const resources: Resources = { ...(parent.Resources as Resources) };
  const outputs = new Map<string, Record<string, unknown>>();
  for (const nested of nestedStacksOf(stack)) {
    const id = logicalIdOf(nested.nestedStackResource!);
    const passed = (resources[id]!.Properties?.['Parameters'] ?? {}) as Record<string, unknown>;
    const template = Template.fromStack(nested).toJSON();
    const declared = new Set(Object.keys(template.Parameters ?? {}));
    const resolve = (value: unknown) => substituteRefs(value, (name) => (declared.has(name) ? passed[name] : undefined));
    delete resources[id];
    for (const [resourceId, resource] of Object.entries(template.Resources as Resources)) {
      if (resourceId in resources || resourceId in (parent.Resources as Resources))
        throw new Error(`logical id ${resourceId} is not unique`);
      resources[resourceId] = resolve(resource) as Resources[string];
    }
    const values = Object.entries((template.Outputs ?? {}) as Record<string, { Value: unknown }>).map(([name, o]) => [
      name,
      resolve(o.Value),
    ]);
    outputs.set(id, Object.fromEntries(values));
  }
  return Template.fromJSON({
    ...parent,
    Resources: substituteOutputs(resources, outputs),
    Outputs: substituteOutputs(parent.Outputs ?? {}, outputs),
  });
}

/** The templates CloudFormation deploys for a stage: its stack's and each nested stack's, each with its stack. */
export function stackTemplates(stack: Stack): Array<{ stack: Stack; template: Template }> {
  return [stack, ...nestedStacksOf(stack)].map((s) => ({ stack: s, template: Template.fromStack(s) }));
}

export const resourcesOf = (template: Template, type: string): Resources => template.findResources(type) as Resources;

/** The logical id of a construct's CloudFormation resource. */
export function logicalIdOf(construct: IConstruct): string {
  const element = construct instanceof CfnElement ? construct : construct.node.defaultChild;
  if (!(element instanceof CfnElement)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(element).getLogicalId(element);
}

/** API Gateway resource paths by logical id, rebuilt from PathPart/ParentId (the root is `/`). */
function resourcePaths(template: Template): Map<string, string> {
  const resources = resourcesOf(template, 'AWS::ApiGateway::Resource');
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known) return known;
    const resource = resources[id];
    if (!resource) return ''; // the RestApi's root resource
    const parent = resource.Properties!['ParentId'];
    const parentPath = parent['Ref'] ? pathOf(parent['Ref']) : '';
    const full = `${parentPath}/${resource.Properties!['PathPart']}`;
    paths.set(id, full);
    return full;
  };
  for (const id of Object.keys(resources)) pathOf(id);
  return paths;
}

export interface MethodView {
  logicalId: string;
  path: string;
  httpMethod: string;
  properties: Record<string, any>;
}

/** Every API Gateway method with the path it serves. */
export function methods(template: Template): MethodView[] {
  const paths = resourcePaths(template);
  return Object.entries(resourcesOf(template, 'AWS::ApiGateway::Method')).map(([logicalId, method]) => {
    const resourceId = method.Properties!['ResourceId'];
    const path = resourceId['Ref'] ? paths.get(resourceId['Ref'])! : '/';
    return { logicalId, path, httpMethod: method.Properties!['HttpMethod'], properties: method.Properties! };
  });
}

/** Logical id prefix of CDK's own deploy-time function that copies the static media and the dashboard into their buckets. */
const STATIC_MEDIA_COPIER = 'CustomCDKBucketDeployment';

/** The service's Lambda functions by their handler module (the Description the stack gives each function). */
export function functionsByModule(template: Template): Map<string, { logicalId: string; properties: Record<string, any> }> {
  const out = new Map<string, { logicalId: string; properties: Record<string, any> }>();
  for (const [logicalId, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
    if (logicalId.startsWith(STATIC_MEDIA_COPIER)) continue;
    out.set(fn.Properties!['Description'], { logicalId, properties: fn.Properties! });
  }
  return out;
}

/** Statements of the IAM policies of a role: those attached to it and those inline in it. */
export function roleStatements(template: Template, roleLogicalId: string): Array<Record<string, any>> {
  const attached = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties!['Roles'] as any[]).some((role) => role.Ref === roleLogicalId))
    .map((policy) => policy.Properties!['PolicyDocument']);
  const inline = ((resourcesOf(template, 'AWS::IAM::Role')[roleLogicalId]?.Properties?.['Policies'] ?? []) as any[]).map(
    (policy) => policy.PolicyDocument,
  );
  return [...attached, ...inline].flatMap((document) => document.Statement as Array<Record<string, any>>);
}

export const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Resource dependencies as CloudFormation sees them: Ref, Fn::GetAtt and DependsOn. */
export function dependencyGraph(template: Template): Map<string, Set<string>> {
  const resources = template.toJSON().Resources as Resources;
  const graph = new Map<string, Set<string>>();
  const collect = (value: unknown, into: Set<string>): void => {
    if (Array.isArray(value)) return value.forEach((v) => collect(v, into));
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string' && inner in resources) into.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner) && inner[0] in resources) into.add(inner[0] as string);
      else if (key === 'Fn::Sub' && typeof inner === 'string') {
        for (const m of inner.matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z]+)?\}/g)) if (m[1]! in resources) into.add(m[1]!);
      } else collect(inner, into);
    }
  };
  for (const [id, resource] of Object.entries(resources)) {
    const deps = new Set<string>();
    collect(resource.Properties ?? {}, deps);
    for (const dep of asArray((resource['DependsOn'] as string | string[] | undefined) ?? [])) deps.add(dep);
    graph.set(id, deps);
  }
  return graph;
}

/** One dependency cycle of the template (as logical ids), or undefined: CloudFormation refuses cyclic templates. */
export function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const dep of graph.get(id) ?? []) {
      const cycle = visit(dep);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of graph.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}
