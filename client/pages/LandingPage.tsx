import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../shared/constants';
import { useIsAuthenticated } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useHydrated } from '../hooks/use-hydrated';
import classes from './LandingPage.module.css';

const features = [
  {
    id: 'cataloging',
    title: 'Effortless Cataloging',
    icon: '▦',
    text: 'Catalogue books by scanning their ISBN barcode or by manual entry. Titles, authors and covers fill in by themselves, and staff can track every book and every copy.',
  },
  {
    id: 'rentals',
    title: 'Seamless Rentals',
    icon: '⇄',
    text: 'Patrons browse the collection, rent and return with one click, and view their rental history. A self-service kiosk lets them sign in with a phone number.',
  },
  {
    id: 'analytics',
    title: 'Insightful Analytics',
    icon: '▲',
    text: 'Dashboards show popular books, rental trends and member activity, so staff know what to stock and who reads what.',
  },
];

export default function LandingPage() {
  // The server sends this page prerendered, as a visitor who is not signed in sees it. React may take it over
  // after the session check has answered: it must find that markup first, then show the signed-in buttons.
  const hydrated = useHydrated();
  const isAuthenticated = useIsAuthenticated() && hydrated;
  useDocumentTitle(PRODUCT_NAME, false);

  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <Group justify="space-between" align="center" wrap="wrap" gap="xl">
            <Stack gap="md" maw={560}>
              <Title order={1} className={classes.title}>
                Your library, <span className={classes.highlight}>beautifully organized</span>
              </Title>
              <Text size="lg" c="dark.6">
                Browse, rent and review books at your library, and see your rental history. Staff track every book, catalogue new ones by
                barcode scan or manual entry, and watch rentals and members at a glance.
              </Text>
              <Group>
                {isAuthenticated ? (
                  <Button size="lg" component={Link} href="/dashboard">
                    Go to Dashboard
                  </Button>
                ) : (
                  <>
                    <Button size="lg" component={Link} href="/dashboard">
                      Get Started
                    </Button>
                    <Button size="lg" variant="default" component={Link} href="/login">
                      Sign In
                    </Button>
                  </>
                )}
              </Group>
            </Stack>
            <img src="/hero.svg" alt="Shelves of books with a phone scanning a barcode" className={classes.heroImage} width={420} height={320} />
          </Group>
        </Container>
      </section>

      <Container size="lg" py={56} id="features">
        <Title order={2} ta="center" mb="xl">
          Everything a small library needs
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map((f) => (
            <Card key={f.id} id={f.id} withBorder padding="lg" radius="md">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <span style={{ fontSize: 22 }}>{f.icon}</span>
              </ThemeIcon>
              <Title order={3} size="h4" mb="xs">
                {f.title}
              </Title>
              <Text size="sm" c="dark.5">
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <section className={classes.cta}>
        <Container size="md" py={56}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} c="white">
              Ready to turn the page?
            </Title>
            <Text c="white" size="lg">
              Join your library online and start renting today.
            </Text>
            <Button size="lg" variant="white" component={Link} href="/dashboard">
              {isAuthenticated ? 'Go to Dashboard' : 'Start Your Journey'}
            </Button>
          </Stack>
        </Container>
      </section>
    </>
  );
}
