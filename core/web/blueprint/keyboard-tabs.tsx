import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Tab, Tabs as BlueprintTabs, type TabProps, type TabsProps } from '@blueprintjs/core';

/**
 * Blueprint's Tabs, with arrow keys that work. Its tab strip moves focus with the arrow keys only
 * between titles marked `aria-disabled="false"`, which it takes from `Tab`'s `disabled` default —
 * and under React 19 an element's props no longer carry defaults, so no title matched and the arrow
 * keys did nothing (WCAG 2.1.1). Every `Tab` child gets an explicit `disabled`.
 *
 * Not animated unless asked: the sliding indicator measures the selected title after every
 * update of the strip (its children change with each render of the page around it), and each
 * measurement lays out the whole page there and then — on the intents page, most of a 55 ms
 * task while it loads. The selected tab keeps Blueprint's underline.
 */
export function Tabs(props: TabsProps): ReactElement {
  const children = Children.map(props.children, (child: ReactNode) =>
    isValidElement<TabProps>(child) && child.type === Tab && child.props.disabled === undefined ? cloneElement(child, { disabled: false }) : child,
  );
  return <BlueprintTabs animate={false} {...props}>{children}</BlueprintTabs>;
}
