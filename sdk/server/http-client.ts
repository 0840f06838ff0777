/** got, for plugins that call out (adaptor connection tests): one copy, core's pinned version. */
export { default as got, RequestError, type Got, type Method } from 'got';
