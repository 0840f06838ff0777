// Decorator metadata storage for inversify; first, before any service class is defined.
import 'reflect-metadata';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '@civic/core/web/styles/shell.css';
import '@civic/core/web/styles/pages.css';
import { boot } from './boot';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
void boot(element);
