export { DateRuleSelect, type DateRuleSelectProps } from './DateRuleSelect';
export * from './dateRule.logic';
