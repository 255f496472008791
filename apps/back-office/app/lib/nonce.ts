import { createContext, useContext } from 'react';

/** The Content-Security-Policy nonce of this response (empty in the browser, where scripts already ran). */
export const NonceContext = createContext('');
export const useNonce = () => useContext(NonceContext);
