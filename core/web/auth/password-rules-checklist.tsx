import { Limits } from '@civic/core/common/constants';

/** The §5 password rules as the user types, each met or not in words (not colour alone). */
export function PasswordRulesChecklist(props: { password: string; confirmation: string }) {
  const { password, confirmation } = props;
  const rules = [
    { text: `At least ${Limits.passwordMin} characters`, met: password.length >= Limits.passwordMin },
    { text: 'An upper-case letter', met: /\p{Lu}/u.test(password) },
    { text: 'A lower-case letter', met: /\p{Ll}/u.test(password) },
    { text: 'A digit', met: /\p{Nd}/u.test(password) },
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
