// The single DynamoDB table, built from the shared table definition so AWS and the local runtime agree.
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { IndexDefinition, KeyAttribute, TableDefinition } from '#lib/db/table.ts';
import type { StageConfig } from './stages.ts';

const attributeType = (key: KeyAttribute): dynamodb.Attribute => ({
  name: key.name,
  type: key.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER,
});

const streamView: Record<TableDefinition['stream'], dynamodb.StreamViewType> = {
  NEW_AND_OLD_IMAGES: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
};

function indexProps(index: IndexDefinition): dynamodb.GlobalSecondaryIndexProps {
  const common = {
    indexName: index.indexName,
    partitionKey: attributeType(index.partitionKey),
    sortKey: attributeType(index.sortKey),
  };
  switch (index.projection.type) {
    case 'ALL':
      return { ...common, projectionType: dynamodb.ProjectionType.ALL };
    case 'KEYS_ONLY':
      return { ...common, projectionType: dynamodb.ProjectionType.KEYS_ONLY };
    case 'INCLUDE':
      return { ...common, projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: index.projection.nonKeyAttributes };
  }
}

export interface DataTableProps {
  definition: TableDefinition;
  stage: StageConfig;
}

export class DataTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, { definition, stage }: DataTableProps) {
    super(scope, id);
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: attributeType(definition.partitionKey),
      sortKey: attributeType(definition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: definition.timeToLiveAttribute,
      stream: streamView[definition.stream],
      deletionProtection: stage.retainData,
      // Staging data is disposable; production data outlives the stack (and its own deletion by mistake).
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of definition.globalSecondaryIndexes) this.table.addGlobalSecondaryIndex(indexProps(index));
  }
}
