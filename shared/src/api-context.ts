import { createContext, useContext } from 'react';
import { type ApiClient, hostApi } from './api-client';

/** The client of the screens below: the session's (`hostApi`) unless an embedded view provides its own. */
export const ApiContext = createContext<ApiClient>(hostApi);

/** The screens' one way to call the API: `const { apiGet, apiPost } = useApi();`. */
export const useApi = (): ApiClient => useContext(ApiContext);
