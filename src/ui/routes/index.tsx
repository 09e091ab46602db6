import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return (
    <section>
      <h1>Мебель, в которую влюбляются</h1>
      <p>Коллекции, созданные для уюта и стиля вашего дома</p>
      <Link to="/">Перейти в каталог</Link>
    </section>
  );
}
