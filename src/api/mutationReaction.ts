/**
 * What a screen may add to an area's mutation: its own reaction (tell an actor, close a form) once the cache holds
 * the change. It runs with the mutation, not with the component, so it still happens when the player has moved on.
 */
export type MutationReaction<TData, TVariables = void> = { onSuccess?: (data: TData, variables: TVariables) => void };
