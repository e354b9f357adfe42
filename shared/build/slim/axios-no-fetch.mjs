// axios's fetch adapter, left out of browser builds: axios tries 'xhr' first and every browser we support
// has XMLHttpRequest, so the fetch adapter never runs (README "Measuring"). `false` is axios's own answer
// for an adapter the environment does not support.
export const getFetch = () => false;
export default false;
