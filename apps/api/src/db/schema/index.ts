export * from './auth';
export * from './board';
export * from './catalogue';
export * from './companies';
export * from './jobs';
export * from './payments';
export * from './quotes';
export * from './users';
