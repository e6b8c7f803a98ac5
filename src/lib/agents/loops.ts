// The agents' loops — the local agent's plans and the model's tool loop with its provider client —
// loaded by the runner with the first run or model list: a hub's boot never needs them.
export { runLocalAgent } from './local';
export { planForElement } from './local-element';
export { listModels, runModelLoop } from './model-loop';
