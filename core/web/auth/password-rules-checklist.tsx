import { useEffect, useState } from 'react';
import { Limits } from '@civic/core/common/constants';
import { isCommonPassword, loadCommonPasswords, loadedCommonPasswords } from '@civic/core/common/identity';

/** The §5 password rules as the user types, each met or not in words (not colour alone). */
export function PasswordRulesChecklist(props: { password: string; confirmation: string }) {
  const { password, confirmation } = props;
  const typing = password.length > 0;
  // The common-password list (214 KiB gzip) comes with the first keystroke, not with the page.
  const [listLoaded, setListLoaded] = useState(() => loadedCommonPasswords() !== undefined);
  useEffect(() => {
    if (!typing || listLoaded) return;
    let live = true;
    loadCommonPasswords().then(
      () => live && setListLoaded(true),
      () => undefined, // offline: the server still refuses a common password when the form is sent
    );
    return () => {
      live = false;
    };
  }, [typing, listLoaded]);
  const rules = [
    { text: `At least ${Limits.passwordMin} characters`, met: password.length >= Limits.passwordMin },
    { text: 'An upper-case letter', met: /\p{Lu}/u.test(password) },
    { text: 'A lower-case letter', met: /\p{Ll}/u.test(password) },
    { text: 'A digit', met: /\p{Nd}/u.test(password) },
    { text: 'Not a commonly used password', met: typing && listLoaded && !isCommonPassword(password) },
    { text: 'Same as the confirmation', met: password.length > 0 && password === confirmation },
  ];
  return (
    <ul className="civic-password-rules" aria-label="Password rules">
      {rules.map((rule) => (
        <li key={rule.text} className={rule.met ? 'civic-rule-met' : 'civic-rule-unmet'}>
          <span aria-hidden="true">{rule.met ? '✓' : '○'}</span> {rule.text}
          <span className="civic-visually-hidden">{rule.met ? ' (met)' : ' (not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
