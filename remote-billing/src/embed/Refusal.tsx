import { Result } from 'antd';

/** Why the view cannot show the student, in its place (antd's Result: fetched only when a token is refused). */
export default function Refusal({ message }: { message: string }) {
  return <Result status="warning" title={message} />;
}
