/** Route parameter schemas shared by the document endpoints. */
export const typeParams = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } },
} as const;

export const docParams = {
  type: 'object',
  required: ['type', 'no'],
  properties: { type: typeParams.properties.type, no: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;
