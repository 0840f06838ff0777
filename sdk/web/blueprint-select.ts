/** Blueprint's Select, Suggest, MultiSelect and Omnibar, the console's one copy. */
export * from '@blueprintjs/select';
