/** Standalone development page: the remote mounted alone (the shell loads ./app instead). */
import { createRoot } from 'react-dom/client';
import { message } from 'antd';
import { openAccountDialog, setClientHooks } from '@oj/kit';
import { GroupRoot } from './root';

setClientHooks({ notifyError: (text) => void message.error(text), onUnauthorized: () => openAccountDialog('Login') });
createRoot(document.getElementById('root') as HTMLElement).render(<GroupRoot />);
